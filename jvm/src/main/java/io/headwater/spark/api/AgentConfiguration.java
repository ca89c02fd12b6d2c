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
   * openlineage.yml}), e.g. {@code get("extensions.words.team")}; empty when no source sets it. An
   * extension keeps its own settings under {@code spark.openlineage.extensions.<extension>.}:
   * Headwater warns about any other {@code spark.openlineage.*} key it does not know.
   *
   * @param key the dotted path below {@code spark.openlineage.}
   */
  Optional<String> get(String key);
}
