package io.headwater.spark.compat.pipelines;

import io.headwater.spark.annotation.Internal;

/**
 * A dataflow graph registered in a Spark Connect session, held from the moment the agent first sees
 * it named until it is resolved: Spark drops the graph when the session closes, which can happen
 * before the agent's analysis thread gets to it. Opaque: only the {@link PipelineGraphs} that made
 * it reads it.
 */
@Internal
public interface GraphHandle {
  /** Spark's id of the graph. */
  String graphId();

  /** The id of the Spark Connect session the graph was registered in. */
  String sessionId();

  /**
   * The pipeline's own configuration (the {@code configuration} section of its spec), known before
   * the graph is resolved.
   */
  java.util.Map<String, String> conf();
}
