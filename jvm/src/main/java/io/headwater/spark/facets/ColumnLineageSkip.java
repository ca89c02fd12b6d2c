package io.headwater.spark.facets;

import io.headwater.spark.annotation.Internal;
import java.util.Objects;

/**
 * An output whose {@code columnLineage} facet was not built because a limit stopped it; the run
 * reports it in the {@code headwater_columnLineageSkipped} facet so that a missing facet is never
 * silent.
 *
 * @param namespace the output dataset's namespace
 * @param name the output dataset's name
 * @param reason which limit stopped it
 * @param fieldCount the number of fields in the output's schema
 * @param limit the limit that was reached: fields for {@link Reason#SCHEMA_SIZE_LIMIT},
 *     milliseconds for {@link Reason#TIME_BUDGET}
 */
@Internal
public record ColumnLineageSkip(
    String namespace, String name, Reason reason, int fieldCount, long limit) {
  /** Why a facet was skipped. */
  public enum Reason {
    /** More output fields than {@code spark.openlineage.columnLineage.schemaSizeLimit}. */
    SCHEMA_SIZE_LIMIT,
    /** The analysis took longer than {@code spark.openlineage.columnLineage.timeBudgetMillis}. */
    TIME_BUDGET
  }

  public ColumnLineageSkip {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(reason, "reason");
  }
}
