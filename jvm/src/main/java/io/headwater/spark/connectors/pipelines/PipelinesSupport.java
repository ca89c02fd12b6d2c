package io.headwater.spark.connectors.pipelines;

import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place that decides whether Spark Declarative Pipelines can be read in this Spark: Spark
 * 4.1 and later ship them ({@code spark-pipelines_2.13} with {@code spark-connect_2.13}); earlier
 * Sparks, and a 4.1+ whose internals no longer link against the implementation, have none, and the
 * agent runs on without pipeline lineage. The implementation ({@code spark41.SparkPipelines41},
 * compiled against Spark 4.1) is named, not imported, and loaded only when Spark's pipeline classes
 * are present, so no other class of this package's implementation is ever loaded without them.
 */
public final class PipelinesSupport {
  private static final Logger LOG = LoggerFactory.getLogger(PipelinesSupport.class);

  /** Present from Spark 4.1: the pipelines module's dataflow graph. */
  static final String MARKER = "org.apache.spark.sql.pipelines.graph.DataflowGraph";

  /** Present with Spark Connect: the listener event that carries a pipeline command. */
  static final String CONNECT_MARKER =
      "org.apache.spark.sql.connect.service.SparkListenerConnectOperationStarted";

  /** The class-name prefix of Spark Connect's listener events. */
  private static final String CONNECT_EVENTS = "org.apache.spark.sql.connect.service.SparkListener";

  private static final String IMPLEMENTATION =
      "io.headwater.spark.connectors.pipelines.spark41.SparkPipelines41";

  private PipelinesSupport() {}

  /** True when {@code event} is one of Spark Connect's listener events (by class name). */
  public static boolean isConnectEvent(Object event) {
    return event != null && event.getClass().getName().startsWith(CONNECT_EVENTS);
  }

  /** The running Spark's pipeline machinery, when it has one Headwater can read. */
  public static Optional<PipelineGraphs> graphs() {
    return Holder.GRAPHS;
  }

  private static final class Holder {
    static final Optional<PipelineGraphs> GRAPHS = load();

    private static Optional<PipelineGraphs> load() {
      ClassLoader loader = PipelinesSupport.class.getClassLoader();
      if (!present(MARKER, loader) || !present(CONNECT_MARKER, loader)) {
        LOG.debug("Headwater: no Spark Declarative Pipelines in this Spark (before 4.1)");
        return Optional.empty();
      }
      try {
        return Optional.of(
            Class.forName(IMPLEMENTATION, true, loader)
                .asSubclass(PipelineGraphs.class)
                .getDeclaredConstructor()
                .newInstance());
      } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
        LOG.warn(
            "Headwater: Spark Declarative Pipelines of this Spark cannot be read, no pipeline"
                + " lineage: {}",
            e.toString());
        return Optional.empty();
      }
    }

    private static boolean present(String className, ClassLoader loader) {
      try {
        Class.forName(className, false, loader);
        return true;
      } catch (ClassNotFoundException | LinkageError absent) {
        return false;
      }
    }
  }
}
