package io.headwater.spark.agent.tracking;

import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.annotation.Internal;

/**
 * Where the {@link ExecutionTracker} placed an execution's start or end event: in the execution's
 * own run, the run of the root it is nested under, its streaming query's run, or nowhere (its root
 * is no longer tracked). Owned by the tracker, which creates every placement; immutable.
 *
 * <p>Callers dispatch on a placement once per event, through {@link #accept}: a new kind of
 * placement adds a {@link Visitor} method, so every dispatch site fails to compile until it handles
 * it.
 */
@Internal
public sealed interface Placement
    permits Placement.Own, Placement.Nested, Placement.MicroBatch, Placement.Untracked {
  /** The run the event belongs to, or null ({@link Untracked}). */
  OperationRun run();

  /** Calls the {@code visitor} method for this kind of placement and returns what it returns. */
  <R> R accept(Visitor<R> visitor);

  /**
   * What to do for each kind of placement.
   *
   * @param <R> what each method returns
   */
  interface Visitor<R> {
    R own(Own own);

    R nested(Nested nested);

    R microBatch(MicroBatch microBatch);

    R untracked(Untracked untracked);
  }

  /**
   * A root execution's own run.
   *
   * @param openedAtEnd true when the execution's start was never seen: the run was opened by its
   *     end
   */
  record Own(OperationRun run, boolean openedAtEnd) implements Placement {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.own(this);
    }
  }

  /**
   * An execution Spark nested under a tracked root (a CTAS's insert): its events go to the root's
   * run.
   *
   * @param planRead true when its plan was read at its start (its end need not read it again)
   */
  record Nested(OperationRun run, long executionId, boolean planRead) implements Placement {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.nested(this);
    }
  }

  /**
   * A streaming micro-batch: its events go to its query's run.
   *
   * @param startSeen false at the end of a micro-batch whose start was not seen (its plan is read
   *     at its end)
   */
  record MicroBatch(OperationRun run, boolean startSeen) implements Placement {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.microBatch(this);
    }
  }

  /** An execution nested under a root whose run is no longer tracked. */
  record Untracked() implements Placement {
    @Override
    public OperationRun run() {
      return null;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.untracked(this);
    }
  }
}
