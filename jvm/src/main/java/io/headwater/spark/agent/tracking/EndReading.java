package io.headwater.spark.agent.tracking;

import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.annotation.Internal;

/**
 * The agent's reading of an execution's end, as the {@link ExecutionTracker} calls it within its
 * one entry for the event, before it decides: first for the placement ({@link Placement.Visitor}:
 * plans, the extensions' builders, a DDL's new state), then, only for a root whose terminal event
 * is due, {@link #forTerminal} — so an end that emits nothing reads no figures and no table
 * versions.
 */
@Internal
public interface EndReading extends Placement.Visitor<ExecutionFacts> {
  /**
   * What the terminal event of the ended root's {@code run} shows, read now: the execution's
   * figures and the written tables' versions, added to {@code found}.
   *
   * @param found what the reading for the placement returned
   * @return {@code found} with the figures and versioned outputs
   */
  ExecutionFacts forTerminal(OperationRun run, ExecutionFacts found);
}
