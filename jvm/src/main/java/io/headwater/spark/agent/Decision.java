package io.headwater.spark.agent;

/**
 * What the {@link ExecutionTracker} tells the agent to do about a run: emit one of its events, or
 * the static events of metadata-only DDL. Created by the tracker only; immutable. {@link
 * RunEmitter} carries out the run events, the agent's analysis the static ones.
 */
sealed interface Decision
    permits Decision.Start, Decision.Running, Decision.Terminal, Decision.Static, Decision.Abort {
  /** The run the decision is about. */
  ExecutionRun run();

  /** Emit the run's START (its job name is set). */
  record Start(ExecutionRun run) implements Decision {}

  /** Emit RUNNING: a micro-batch of the streaming run completed at {@code time} (epoch millis). */
  record Running(ExecutionRun run, long time) implements Decision {}

  /** Emit COMPLETE, or FAIL with {@code failure} when it is not null, at {@code time}. */
  record Terminal(ExecutionRun run, long time, Throwable failure) implements Decision {}

  /** Emit the static events of metadata-only DDL that succeeded at {@code time}. */
  record Static(ExecutionRun run, long time) implements Decision {}

  /** Emit ABORT: the run's end was lost or the application is going away ({@code reason}). */
  record Abort(ExecutionRun run, long time, String reason) implements Decision {}
}
