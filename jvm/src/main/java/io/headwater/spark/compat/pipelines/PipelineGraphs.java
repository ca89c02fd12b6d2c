package io.headwater.spark.compat.pipelines;

import io.headwater.spark.annotation.Internal;
import java.util.Optional;
import org.apache.spark.scheduler.SparkListenerEvent;

/**
 * Headwater's one way into Spark's pipeline machinery ({@code spark-pipelines_2.13}, {@code
 * spark-connect_2.13}, Spark 4.1+), whose classes are internal: an implementation is compiled
 * against the Spark it serves and chosen by {@link
 * io.headwater.spark.versions.SparkVersions#pipelines()}. Spark runs pipelines inside a Spark
 * Connect server; the agent learns of them from the server's listener events ({@code
 * SparkListenerConnectOperationStarted} carries the pipeline command) and reads the graph Spark
 * registered for them (never the user's definition files).
 */
@Internal
public interface PipelineGraphs {
  /**
   * What a Spark Connect listener event says about pipelines; empty for any other event. Called on
   * the listener-bus thread: constant work (a command's graph is looked up in its session, by id).
   */
  Optional<ConnectOperation> operation(SparkListenerEvent event);

  /**
   * Resolves and validates the graph as Spark does before a run (its own resolution, in the graph's
   * session), without executing anything. Called on the agent's analysis thread.
   *
   * @throws PipelineGraphException when the graph does not resolve or is not valid (the run or dry
   *     run fails the same way)
   */
  PipelineGraph resolve(GraphHandle graph);
}
