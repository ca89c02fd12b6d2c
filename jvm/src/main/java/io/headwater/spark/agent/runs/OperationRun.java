package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import java.util.Optional;
import java.util.UUID;

/**
 * The run of one logical operation: a root SQL execution and the executions Spark nests under it (a
 * CTAS runs its insert as a nested execution; {@code saveAsTable} nests a CTAS), an RDD job ({@code
 * RddJobRuns}), a streaming query with its micro-batches, or a row-level write a micro-batch's
 * {@code foreachBatch} function runs (a child of the query's run). Only the agent's analysis thread
 * touches it.
 *
 * <p>The run's START is emitted once its plan part is known (from the root's executed plan) and
 * some execution of it has touched a dataset; its terminal event when the root ends, with the
 * datasets of all of them.
 *
 * <p>Its state is split by owner, each part written by one class:
 *
 * <ul>
 *   <li>the identity ({@code runId}, {@code startTime}, {@code jobType}, {@code processingType},
 *       {@code streamingQueryName}, {@code parent}) is final, fixed by whoever opens the run
 *       ({@code ExecutionTracker}, {@code StreamingQueryRuns}, {@code RddJobRuns});
 *   <li>the {@link RunFindings} — datasets, plan part, SQL, properties, context, facets, kind — are
 *       written by {@link RunFindingsWriter} alone;
 *   <li>the {@link RunMetrics} by themselves;
 *   <li>the {@link RunNaming} — job name, flow, thread tags — by {@code ExecutionTracker} alone.
 * </ul>
 */
@Internal
public final class OperationRun {
  /** {@code jobType} facet values: a SQL execution's run, an RDD job's run. */
  public static final String SQL_JOB = "SQL_JOB";

  public static final String RDD_JOB = "RDD_JOB";

  public final UUID runId;

  /** The {@code jobType} facet's job type: {@link #SQL_JOB} or {@link #RDD_JOB}. */
  public final String jobType;

  /**
   * The {@code jobType} facet's processing type: {@code BATCH}, or {@code STREAMING} for a
   * streaming query's run.
   */
  public final String processingType;

  /** Epoch millis. */
  public final long startTime;

  /**
   * The name of the streaming query whose run this is, when the query has one and its start was
   * seen before its first micro-batch; null otherwise.
   */
  public final String streamingQueryName;

  /**
   * The run this run is a child of, beside the application run: the streaming query's run whose
   * micro-batch executed it (a row-level write in a {@code foreachBatch} function); null for a run
   * whose parent is the application run (or a pipeline update).
   */
  public final OperationRun parent;

  /** What reading the run's executions found; {@link RunFindingsWriter} alone writes it. */
  public final RunFindings findings = new RunFindings();

  /** The run's figures; {@link RunMetrics} alone writes them. */
  public final RunMetrics metrics = new RunMetrics();

  /** Its job name and what START waits for; {@code ExecutionTracker} alone writes it. */
  public final RunNaming naming = new RunNaming();

  /** A SQL execution's batch run that started at {@code startTime} (epoch millis). */
  public OperationRun(UUID runId, long startTime) {
    this(runId, startTime, null);
  }

  /**
   * A SQL execution's batch run that started at {@code startTime} (epoch millis), child of {@code
   * parent} (null for the application run).
   */
  public OperationRun(UUID runId, long startTime, OperationRun parent) {
    this(runId, startTime, SQL_JOB, "BATCH", null, parent);
  }

  /**
   * A run whose identity is fixed now: its id, its start (epoch millis), the {@code jobType}
   * facet's job type ({@link #SQL_JOB}, {@link #RDD_JOB}) and processing type ({@code BATCH},
   * {@code STREAMING}), and its streaming query's name (null when none).
   */
  public OperationRun(
      UUID runId,
      long startTime,
      String jobType,
      String processingType,
      String streamingQueryName) {
    this(runId, startTime, jobType, processingType, streamingQueryName, null);
  }

  private OperationRun(
      UUID runId,
      long startTime,
      String jobType,
      String processingType,
      String streamingQueryName,
      OperationRun parent) {
    this.parent = parent;
    this.runId = runId;
    this.startTime = startTime;
    this.jobType = jobType;
    this.processingType = processingType;
    this.streamingQueryName = streamingQueryName;
  }

  /** True once its START is due (it has a job name). */
  public boolean started() {
    return naming.jobName() != null;
  }

  /** The run's SQL text: what its plan carries, else the SQL of the pipeline flow it executes. */
  public Optional<String> sql() {
    return findings.sql().or(naming::flowSql);
  }
}
