package io.headwater.spark.agent;

import io.headwater.spark.plan.ExecutionLineage;
import io.headwater.spark.plan.DatasetStatistics;
import java.util.Optional;
import java.util.UUID;

/**
 * The run of one logical operation: a root SQL execution and the executions Spark nests under it (a CTAS runs its
 * insert as a nested execution; {@code saveAsTable} nests a CTAS). Only the agent's analysis thread touches it.
 *
 * <p>The run's START is emitted once its plan part is known (from the root's executed plan) and some execution of it
 * has touched a dataset; its terminal event when the root ends, with the datasets of all of them.
 */
final class ExecutionRun {
  final UUID runId;
  final long startTime;
  /** The plan part of the job name, from the root execution's executed plan; null until the root was read. */
  String planPart;
  ExecutionLineage lineage = ExecutionLineage.EMPTY;
  /** Set when START is emitted, and kept for the terminal event. */
  String jobName;
  /** The SQL text of {@code spark.sql(...)}, when the plan carries it. */
  Optional<String> sql = Optional.empty();
  /** The run's {@code spark_properties} facet, read with the root execution; null until then. */
  io.headwater.spark.facets.SparkPropertiesRunFacet properties;
  /** What the run's scans read, by dataset key ({@code ScanStatistics.key}), summed over its executions. */
  final java.util.Map<String, DatasetStatistics> read = new java.util.HashMap<>();
  /** What the run's writes wrote, summed over its executions; read at their ends. */
  Optional<DatasetStatistics> written = Optional.empty();
  /** Tags from the local properties of the thread that started the run, read with its first Spark job. */
  LocalPropertyTags.Snapshot localTags = LocalPropertyTags.Snapshot.NONE;
  /**
   * True once the run's first Spark job started (its local properties are known) or its root execution ended: START
   * waits for it, so that it carries the thread's tags.
   */
  boolean tagsKnown;
  /** How the run is reported: a run, or static events for metadata-only DDL ({@link StaticEvents}). */
  StaticEvents.Kind staticKind = StaticEvents.Kind.NONE;

  ExecutionRun(UUID runId, long startTime) {
    this.runId = runId;
    this.startTime = startTime;
  }

  boolean started() {
    return jobName != null;
  }
}
