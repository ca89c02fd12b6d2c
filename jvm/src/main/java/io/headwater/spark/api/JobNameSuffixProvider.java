package io.headwater.spark.api;

import java.util.Optional;

/**
 * Names the dataset that becomes the last part of a job name ({@code <app>.<plan root>.<suffix>}),
 * as the OpenLineage Spark integration does. Output visitors implement it; the first provider that
 * answers wins, user extensions before the built-ins. Dots in the answer become {@code _}.
 *
 * @param <T> the plan node the provider understands
 */
public interface JobNameSuffixProvider<T> {
  /** The separator between the parts of a suffix, e.g. {@code db_table}. */
  String SUFFIX_DELIMITER = "_";

  /** The suffix for {@code node}, or empty when this provider has none for it. */
  default Optional<String> jobNameSuffix(T node) {
    return Optional.empty();
  }
}
