package io.headwater.spark.compat.spark41;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.compat.pipelines.ConnectOperation;
import io.headwater.spark.compat.pipelines.GraphHandle;
import io.headwater.spark.compat.pipelines.PipelineGraph;
import io.headwater.spark.compat.pipelines.PipelineGraphException;
import io.headwater.spark.compat.pipelines.PipelineGraphs;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.connect.service.SessionHolder;
import org.apache.spark.sql.connect.service.SessionKey;
import org.apache.spark.sql.connect.service.SparkConnectService$;
import org.apache.spark.sql.pipelines.graph.DataflowGraph;
import org.apache.spark.sql.pipelines.graph.GraphRegistrationContext;
import org.apache.spark.sql.pipelines.graph.ResolutionFailedFlow;
import org.apache.spark.sql.pipelines.graph.UnresolvedDatasetException;

/**
 * Spark 4.1's pipeline machinery, read through its own classes (compiled against Spark 4.1; chosen
 * by {@link io.headwater.spark.versions.SparkVersions#pipelines()}):
 *
 * <ul>
 *   <li>the pipeline commands arrive as Spark Connect operations: {@code
 *       SparkListenerConnectOperationStarted.planRequest} holds the {@code PipelineCommand} ({@link
 *       ConnectEvents41});
 *   <li>a session's graphs live in its {@code SessionHolder.dataflowGraphRegistry} as {@code
 *       GraphRegistrationContext}s, found through {@code SparkConnectService.sessionManager};
 *   <li>{@code GraphRegistrationContext.toDataflowGraph().resolve().validate()} is what {@code
 *       PipelineExecution} runs before a run or a dry run (it keeps no resolved graph of a dry
 *       run), with the session active since flow functions analyse in {@code SparkSession.active};
 *       it analyses the flows' queries and executes nothing ({@link GraphReader41} reads the
 *       result).
 * </ul>
 */
@Internal
public final class SparkPipelines41 implements PipelineGraphs {
  /** A graph found in its session, with the session. */
  record Captured(
      String graphId, String sessionId, GraphRegistrationContext registration, SparkSession session)
      implements GraphHandle {
    Captured {
      Objects.requireNonNull(graphId, "graphId");
      Objects.requireNonNull(sessionId, "sessionId");
      Objects.requireNonNull(registration, "registration");
      Objects.requireNonNull(session, "session");
    }

    @Override
    public java.util.Map<String, String> conf() {
      return ScalaCollections.asJava(registration.defaultSqlConf());
    }
  }

  /** Called by {@code SparkVersions}. */
  public SparkPipelines41() {}

  @Override
  public Optional<ConnectOperation> operation(SparkListenerEvent event) {
    return ConnectEvents41.of(event, SparkPipelines41::capture);
  }

  @Override
  public PipelineGraph resolve(GraphHandle graph) {
    Captured captured = (Captured) graph;
    Optional<org.apache.spark.sql.classic.SparkSession> previous =
        ScalaCollections.asJava(SparkSession.getActiveSession());
    SparkSession.setActiveSession(captured.session());
    try {
      DataflowGraph resolved = captured.registration().toDataflowGraph().resolve();
      for (ResolutionFailedFlow failed :
          ScalaCollections.asJava(resolved.resolutionFailedFlows())) {
        Optional<Throwable> cause =
            ScalaCollections.asJava(failed.funcResult().failure()).stream().findFirst();
        if (cause.isPresent() && !(cause.get() instanceof UnresolvedDatasetException)) {
          throw new PipelineGraphException(
              "flow " + failed.identifier().unquotedString() + ": " + firstLine(cause.get()),
              cause.get());
        }
      }
      return GraphReader41.read(
          captured.graphId(), captured.conf(), captured.session(), resolved.validate());
    } catch (PipelineGraphException e) {
      throw e;
    } catch (Exception e) { // AnalysisException (graph errors extend it) is checked in Java's eyes
      throw new PipelineGraphException(firstLine(e), e);
    } finally {
      if (previous.isPresent()) {
        SparkSession.setActiveSession(previous.get());
      } else {
        SparkSession.clearActiveSession();
      }
    }
  }

  /**
   * The graph {@code graphId} of session {@code userId}/{@code sessionId}, when it still has it.
   */
  private static Optional<GraphHandle> capture(String userId, String sessionId, String graphId) {
    Optional<SessionHolder> holder =
        ScalaCollections.asJava(
            SparkConnectService$.MODULE$
                .sessionManager()
                .getIsolatedSessionIfPresent(SessionKey.apply(userId, sessionId)));
    return holder.flatMap(
        h ->
            ScalaCollections.asJava(h.dataflowGraphRegistry().getDataflowGraph(graphId))
                .map(registration -> new Captured(graphId, sessionId, registration, h.session())));
  }

  private static String firstLine(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getName() : e.getMessage().strip();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
