package io.headwater.spark.agent.application;

import io.headwater.spark.annotation.Internal;
import java.util.Objects;

/** A dataset's identity in the application's lineage: its namespace and name. */
@Internal
public record DatasetRef(String namespace, String name) {
  public DatasetRef {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
  }
}
