package io.headwater.spark.compat.pipelines;

import io.headwater.spark.annotation.Internal;
import java.util.Objects;
import java.util.Optional;

/**
 * What a Spark Connect listener event says about Spark Declarative Pipelines: a pipeline command
 * started (it names a dataflow graph), an operation ended (pipeline or not: only its id is known),
 * or a session closed (its graphs are gone).
 */
@Internal
public sealed interface ConnectOperation {
  /**
   * A pipeline command started: creating or defining elements of a graph, or running it.
   *
   * @param operationId the Connect operation's id
   * @param time when it started, epoch millis
   * @param graphId the dataflow graph it names
   * @param graph the graph, held for its resolution; empty when the session no longer had it
   * @param run whether it runs the graph: {@link Run#NONE} for a definition command
   */
  record CommandStarted(
      String operationId, long time, String graphId, Optional<GraphHandle> graph, Run run)
      implements ConnectOperation {
    public CommandStarted {
      Objects.requireNonNull(operationId, "operationId");
      Objects.requireNonNull(graphId, "graphId");
      Objects.requireNonNull(graph, "graph");
      Objects.requireNonNull(run, "run");
    }
  }

  /**
   * A Connect operation ended.
   *
   * @param error the operation's error message when it failed
   */
  record OperationEnded(String operationId, long time, Outcome outcome, Optional<String> error)
      implements ConnectOperation {
    public OperationEnded {
      Objects.requireNonNull(operationId, "operationId");
      Objects.requireNonNull(outcome, "outcome");
      Objects.requireNonNull(error, "error");
    }
  }

  /** A Spark Connect session closed at {@code time}: the graphs registered in it are gone. */
  record SessionClosed(String sessionId, long time) implements ConnectOperation {
    public SessionClosed {
      Objects.requireNonNull(sessionId, "sessionId");
    }
  }

  /** Whether a pipeline command runs its graph ({@code StartRun}) and how. */
  enum Run {
    /** A command that defines the graph (or drops it). */
    NONE,
    /** {@code spark-pipelines dry-run}: resolve and validate the graph, execute nothing. */
    DRY_RUN,
    /** {@code spark-pipelines run}: a pipeline update. */
    RUN
  }

  /** How an operation ended. */
  enum Outcome {
    SUCCEEDED,
    FAILED,
    CANCELED
  }
}
