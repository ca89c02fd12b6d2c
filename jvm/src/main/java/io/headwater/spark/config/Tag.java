package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import java.util.Locale;
import java.util.Objects;

/**
 * One tag of the OpenLineage tagging proposal (spec {@code TagsRunFacet}, {@code TagsJobFacet},
 * {@code TagsDatasetFacet} 1-0-0): {@code {key, value, source, field?}}.
 *
 * @param key what the tag names, e.g. {@code pii} (never blank)
 * @param value its value; {@code "true"} for a label given without one
 * @param source where it came from: {@code CONFIG} (Spark configuration, local properties), {@code
 *     USER} (environment), {@code SPARK} (table properties, column metadata), or what the user
 *     wrote
 * @param field the dataset field the tag applies to (dataset tags only), else null
 */
@Internal
public record Tag(String key, String value, String source, String field) {
  public Tag {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(source, "source");
    if (key.isBlank()) {
      throw new IllegalArgumentException("a tag key must not be blank");
    }
  }

  /** A tag without a field. */
  public Tag(String key, String value, String source) {
    this(key, value, source, null);
  }

  /**
   * The identity under the rule "one tag per key within an event": key case-insensitive, and field
   * (a dataset's column tags are per field); the source is not part of it.
   */
  String identity() {
    return key.toLowerCase(Locale.ROOT) + "\u0000" + (field == null ? "" : field);
  }
}
