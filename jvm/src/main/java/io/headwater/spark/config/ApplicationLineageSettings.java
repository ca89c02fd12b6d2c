package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Application-level lineage (Headwater's own keys under {@code
 * spark.openlineage.application.lineage.}): whether the application run's COMPLETE and FAIL events
 * carry the application's own inputs, outputs and composed column lineage (docs/column-lineage.md,
 * "The application as one step").
 *
 * @param enabled {@code application.lineage.enabled}; off by default, so today's events do not
 *     change
 * @param intermediateDatasets {@code application.lineage.intermediateDatasets}: a dataset written
 *     and then read back inside the application whose name this pattern finds a match in is left
 *     out of the application's outputs; empty: none is left out
 * @param timeBudget {@code application.lineage.timeBudgetMillis}: the longest the composition at
 *     the application's end may take; past it, the outputs not yet composed get no {@code
 *     columnLineage} facet
 * @param sizeLimit {@code application.lineage.sizeLimit}: the most dataset and field references the
 *     agent keeps for the composition over the whole application; past it, later child runs are not
 *     composed
 */
@Internal
public record ApplicationLineageSettings(
    boolean enabled, Optional<Pattern> intermediateDatasets, Duration timeBudget, int sizeLimit) {
  /** Off: the application run carries no datasets. */
  public static final ApplicationLineageSettings OFF =
      new ApplicationLineageSettings(false, Optional.empty(), Duration.ofSeconds(2), 100_000);

  public ApplicationLineageSettings {
    Objects.requireNonNull(intermediateDatasets, "intermediateDatasets");
    Objects.requireNonNull(timeBudget, "timeBudget");
    if (sizeLimit < 1) {
      throw new IllegalArgumentException("sizeLimit must be at least 1, was " + sizeLimit);
    }
  }
}
