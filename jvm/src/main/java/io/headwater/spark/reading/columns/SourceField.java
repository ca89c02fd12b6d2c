package io.headwater.spark.reading.columns;

import io.headwater.spark.annotation.Internal;
import java.util.Objects;

/** A field of an input dataset: {@code namespace}, dataset {@code name}, {@code field} name. */
@Internal
public record SourceField(String namespace, String name, String field) {
  public SourceField {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(field, "field");
  }
}
