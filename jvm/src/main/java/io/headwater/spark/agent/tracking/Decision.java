package io.headwater.spark.agent.tracking;

import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.reading.ExecutionLineage;
import java.util.Optional;

/**
 * What the {@link ExecutionTracker} tells the agent to do about a run: emit one of its events, or
 * the static events of metadata-only DDL. Created by the tracker only; immutable. The agent's
 * analysis carries each out, through {@code RunEmitter} for the run events, with the facts read
 * before the decision ({@link ExecutionFacts}) and nothing read after.
 *
 * <p>Callers dispatch on a decision once, through {@link #accept}: a new kind of decision adds a
 * {@link Visitor} method, so every dispatch site fails to compile until it handles it.
 */
@Internal
public sealed interface Decision
    permits Decision.Start, Decision.Running, Decision.Terminal, Decision.Static, Decision.Abort {
  /** The run the decision is about. */
  OperationRun run();

  /** Calls the {@code visitor} method for this kind of decision and returns what it returns. */
  <R> R accept(Visitor<R> visitor);

  /**
   * What to do for each kind of decision.
   *
   * @param <R> what each method returns
   */
  interface Visitor<R> {
    R start(Start start);

    R running(Running running);

    R terminal(Terminal terminal);

    R staticEvents(Static staticEvents);

    R abort(Abort abort);
  }

  /** Emit the run's START (its job name is set). */
  record Start(OperationRun run) implements Decision {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.start(this);
    }
  }

  /** Emit RUNNING: a micro-batch of the streaming run completed at {@code time} (epoch millis). */
  record Running(OperationRun run, long time) implements Decision {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.running(this);
    }
  }

  /** Emit COMPLETE, or FAIL with {@code failure} when it is not null, at {@code time}. */
  record Terminal(OperationRun run, long time, Throwable failure) implements Decision {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.terminal(this);
    }
  }

  /**
   * Emit the static events of metadata-only DDL that succeeded at {@code time}: a DatasetEvent per
   * output of {@code lineage}, or a view's JobEvent named {@code jobName} (empty: no JobEvent).
   *
   * @param lineage the DDL's lineage as its static events show it ({@code ExecutionFacts})
   */
  record Static(OperationRun run, long time, ExecutionLineage lineage, Optional<String> jobName)
      implements Decision {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.staticEvents(this);
    }
  }

  /** Emit ABORT: the run's end was lost or the application is going away ({@code reason}). */
  record Abort(OperationRun run, long time, String reason) implements Decision {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.abort(this);
    }
  }
}
