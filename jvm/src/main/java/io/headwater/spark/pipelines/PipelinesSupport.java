package io.headwater.spark.pipelines;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.pipelines.PipelineGraphs;
import io.headwater.spark.versions.SparkVersions;
import java.util.Optional;

/**
 * The pipelines connector's view of the running Spark: Spark 4.1 and later ship Spark Declarative
 * Pipelines ({@code spark-pipelines_2.13} with {@code spark-connect_2.13}); earlier Sparks, and a
 * 4.1+ whose internals no longer link against the implementation, have none, and the agent runs on
 * without pipeline lineage. The implementation is the {@code compat} seam {@link PipelineGraphs},
 * chosen by {@link SparkVersions#pipelines()}.
 */
@Internal
public final class PipelinesSupport {
  /** The class-name prefix of Spark Connect's listener events. */
  private static final String CONNECT_EVENTS = "org.apache.spark.sql.connect.service.SparkListener";

  private PipelinesSupport() {}

  /**
   * True when {@code event} is one of Spark Connect's listener events (by class name, so nothing of
   * Spark Connect is loaded on a Spark without it).
   */
  public static boolean isConnectEvent(Object event) {
    return event != null && event.getClass().getName().startsWith(CONNECT_EVENTS);
  }

  /** The running Spark's pipeline machinery, when it has one Headwater can read. */
  public static Optional<PipelineGraphs> graphs() {
    return SparkVersions.pipelines();
  }
}
