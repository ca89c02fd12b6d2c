package io.headwater.spark.api;

import java.util.Optional;

/**
 * The agent's configuration as an extension reads it: resolved once at start-up from Spark
 * configuration ({@code spark.openlineage.*}), {@code openlineage.yml} and {@code OPENLINEAGE__*}
 * environment variables, in that precedence ({@code docs/configuration.md}). Immutable.
 */
public interface AgentConfiguration {
  /** The namespace of every job the agent emits ({@code spark.openlineage.namespace}). */
  String namespace();

  /**
   * The value of the setting {@code spark.openlineage.<key>} (the same key in {@code
   * openlineage.yml}), e.g. {@code get("myExtension.team")}; empty when no source sets it. An
   * extension's own settings are best kept under a key prefix of its own.
   *
   * @param key the dotted path below {@code spark.openlineage.}
   */
  Optional<String> get(String key);
}
