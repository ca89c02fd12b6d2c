package io.headwater.spark.agent;

import io.headwater.spark.plan.ExecutionLineage;
import java.util.UUID;

/**
 * The run of one SQL execution between its start and its end, as the agent's analysis thread tracks it (only that
 * thread touches it). {@code lineage} is null until the plan has been read: when the query execution was already
 * gone at start, the start is emitted at the end, from the end event's query execution.
 */
final class ExecutionRun {
  final UUID runId;
  final long startTime;
  String jobName;
  ExecutionLineage lineage;

  ExecutionRun(UUID runId, long startTime) {
    this.runId = runId;
    this.startTime = startTime;
  }

  boolean analysed() {
    return lineage != null;
  }
}
