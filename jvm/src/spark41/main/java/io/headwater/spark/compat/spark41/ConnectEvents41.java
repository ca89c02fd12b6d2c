package io.headwater.spark.compat.spark41;

import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.compat.pipelines.ConnectOperation;
import io.headwater.spark.compat.pipelines.GraphHandle;
import java.util.Optional;
import org.apache.spark.connect.proto.ExecutePlanRequest;
import org.apache.spark.connect.proto.PipelineCommand;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.apache.spark.sql.connect.service.SparkListenerConnectOperationCanceled;
import org.apache.spark.sql.connect.service.SparkListenerConnectOperationFailed;
import org.apache.spark.sql.connect.service.SparkListenerConnectOperationFinished;
import org.apache.spark.sql.connect.service.SparkListenerConnectOperationStarted;
import org.apache.spark.sql.connect.service.SparkListenerConnectSessionClosed;

/**
 * Spark Connect's listener events, as they concern pipelines (Spark 4.1):
 *
 * <pre>
 *   SparkListenerConnectOperationStarted(operationId, sessionId, userId, ..., planRequest =
 *       ExecutePlanRequest(plan = Plan(command = Command(pipeline_command = PipelineCommand(
 *         define_output | define_flow | define_sql_graph_elements (dataflow_graph_id)
 *         | start_run (dataflow_graph_id, dry))))))        -&gt; CommandStarted
 *   SparkListenerConnectOperationFinished | Failed(errorMessage) | Canceled (operationId)
 *                                                           -&gt; OperationEnded
 *   SparkListenerConnectSessionClosed(sessionId)            -&gt; SessionClosed
 * </pre>
 *
 * {@code create_dataflow_graph} names no graph yet (its id is in the response), so a graph is first
 * held with the first element defined in it.
 */
final class ConnectEvents41 {
  /** Finds a graph in a session: {@code (userId, sessionId, graphId)}. */
  @FunctionalInterface
  interface GraphLookup {
    Optional<GraphHandle> find(String userId, String sessionId, String graphId);
  }

  private ConnectEvents41() {}

  static Optional<ConnectOperation> of(SparkListenerEvent event, GraphLookup graphs) {
    if (event instanceof SparkListenerConnectOperationStarted started) {
      return started(started, graphs);
    }
    if (event instanceof SparkListenerConnectOperationFinished finished) {
      return Optional.of(
          new ConnectOperation.OperationEnded(
              finished.operationId(),
              finished.eventTime(),
              ConnectOperation.Outcome.SUCCEEDED,
              Optional.empty()));
    }
    if (event instanceof SparkListenerConnectOperationFailed failed) {
      return Optional.of(
          new ConnectOperation.OperationEnded(
              failed.operationId(),
              failed.eventTime(),
              ConnectOperation.Outcome.FAILED,
              Optional.ofNullable(failed.errorMessage())));
    }
    if (event instanceof SparkListenerConnectOperationCanceled canceled) {
      return Optional.of(
          new ConnectOperation.OperationEnded(
              canceled.operationId(),
              canceled.eventTime(),
              ConnectOperation.Outcome.CANCELED,
              Optional.empty()));
    }
    if (event instanceof SparkListenerConnectSessionClosed closed) {
      return Optional.of(
          new ConnectOperation.SessionClosed(closed.sessionId(), closed.eventTime()));
    }
    return Optional.empty();
  }

  private static Optional<ConnectOperation> started(
      SparkListenerConnectOperationStarted started, GraphLookup graphs) {
    Optional<ExecutePlanRequest> request = ScalaCollections.asJava(started.planRequest());
    if (request.isEmpty()
        || !request.get().getPlan().hasCommand()
        || !request.get().getPlan().getCommand().hasPipelineCommand()) {
      return Optional.empty();
    }
    PipelineCommand command = request.get().getPlan().getCommand().getPipelineCommand();
    String graphId;
    ConnectOperation.Run run = ConnectOperation.Run.NONE;
    switch (command.getCommandTypeCase()) {
      case DEFINE_OUTPUT -> graphId = command.getDefineOutput().getDataflowGraphId();
      case DEFINE_FLOW -> graphId = command.getDefineFlow().getDataflowGraphId();
      case DEFINE_SQL_GRAPH_ELEMENTS ->
          graphId = command.getDefineSqlGraphElements().getDataflowGraphId();
      case START_RUN -> {
        graphId = command.getStartRun().getDataflowGraphId();
        run =
            command.getStartRun().getDry()
                ? ConnectOperation.Run.DRY_RUN
                : ConnectOperation.Run.RUN;
      }
      default -> {
        return Optional.empty(); // creating or dropping a graph, query-function signals
      }
    }
    if (graphId == null || graphId.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new ConnectOperation.CommandStarted(
            started.operationId(),
            started.eventTime(),
            graphId,
            graphs.find(started.userId(), started.sessionId(), graphId),
            run));
  }
}
