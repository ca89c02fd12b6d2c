package io.headwater.spark.agent;

import io.headwater.spark.naming.JobNames;
import io.headwater.spark.reading.ExecutionLineage;
import io.headwater.spark.reading.StaticLineage;
import java.util.Optional;
import java.util.UUID;

/**
 * The run of one logical operation: a root SQL execution and the executions Spark nests under it (a
 * CTAS runs its insert as a nested execution; {@code saveAsTable} nests a CTAS), an RDD job ({@link
 * RddJobRuns}), or a streaming query with its micro-batches. Only the agent's analysis thread
 * touches it.
 *
 * <p>The run's START is emitted once its plan part is known (from the root's executed plan) and
 * some execution of it has touched a dataset; its terminal event when the root ends, with the
 * datasets of all of them.
 *
 * <p>Who writes what: the identity ({@code runId}, {@code startTime}, {@code jobType}, {@code
 * processingType}) is final, fixed by the one who opens the run ({@link ExecutionTracker}, {@link
 * StreamingQueryRuns}, {@link RddJobRuns}); the figures are a {@link RunMetrics}, which alone
 * writes them; the plan's findings ({@code lineage}, {@code planPart}, {@code sql}, {@code
 * properties}, {@code context}, {@code staticKind}, {@code analysisFailed}) are written by {@link
 * RunReading}, with the extensions' additions by {@link RunBuilders}; the job name and the
 * readiness for START ({@code jobName}, {@code tagsKnown}) by {@link ExecutionTracker} (by {@link
 * RddJobRuns} for an RDD job's run), and what names it ({@code jobNamePrefix}, {@code readAction},
 * {@code flow}) by {@link ExecutionReading} at the root's start.
 */
final class ExecutionRun {
  /** {@code jobType} facet values: a SQL execution's run, an RDD job's run. */
  static final String SQL_JOB = "SQL_JOB";

  static final String RDD_JOB = "RDD_JOB";

  final UUID runId;

  /** The {@code jobType} facet's job type: {@link #SQL_JOB} or {@link #RDD_JOB}. */
  final String jobType;

  /**
   * The {@code jobType} facet's processing type: {@code BATCH}, or {@code STREAMING} for a
   * streaming query's run.
   */
  final String processingType;

  final long startTime;

  /**
   * The plan part of the job name, from the root execution's executed plan; null until the root was
   * read.
   */
  String planPart;

  /**
   * The plan part of the job name of a read-only run in Headwater's style ({@link
   * JobNames#readAction}): the action its call site names, e.g. {@code collect}; null until the
   * root execution was read.
   */
  String readAction;

  ExecutionLineage lineage = ExecutionLineage.EMPTY;

  /** Set when START is emitted, and kept for the terminal event. */
  String jobName;

  /**
   * The first part of the job name when it is not the application's: a Spark Connect client's
   * application name ({@link ConnectClients}); null for the application's.
   */
  String jobNamePrefix;

  /**
   * The flow of a Spark Declarative Pipeline the run executes, when it is one: it names the run's
   * job and its parent; null otherwise.
   */
  PipelineFlowRun flow;

  /** The SQL text of {@code spark.sql(...)}, when the plan carries it. */
  Optional<String> sql = Optional.empty();

  /** The run's {@code spark_properties} facet, read with the root execution; null until then. */
  io.headwater.spark.facets.SparkPropertiesRunFacet properties;

  /** The run's figures; {@link RunMetrics} alone writes them. */
  final RunMetrics metrics = new RunMetrics();

  /**
   * The context extensions get for this run: the root execution's once it was read, else one
   * without a plan.
   */
  io.headwater.spark.api.OpenLineageContext context;

  /** The facets extensions' facet builders reported for the run so far. */
  io.headwater.spark.extensions.CustomFacets facets =
      io.headwater.spark.extensions.CustomFacets.EMPTY;

  /**
   * Tags from the local properties of the thread that started the run, read with its first Spark
   * job.
   */
  LocalPropertyTags.Snapshot localTags = LocalPropertyTags.Snapshot.NONE;

  /**
   * True once the run's first Spark job started (its local properties are known) or its root
   * execution ended: START waits for it, so that it carries the thread's tags.
   */
  boolean tagsKnown;

  /**
   * True when the root execution is Spark's report of a query whose analysis failed ({@link
   * FailedAnalysis}): its plans are never read, and the run is reported (START, then FAIL with the
   * user's error) though no dataset is known.
   */
  boolean analysisFailed;

  /**
   * How the run is reported: a run, or static events for metadata-only DDL ({@link StaticLineage}).
   */
  StaticLineage.Kind staticKind = StaticLineage.Kind.NONE;

  /** A SQL execution's batch run that started at {@code startTime} (epoch millis). */
  ExecutionRun(UUID runId, long startTime) {
    this(runId, startTime, SQL_JOB, "BATCH");
  }

  /**
   * A run whose identity is fixed now: its id, its start (epoch millis) and the {@code jobType}
   * facet's job type ({@link #SQL_JOB}, {@link #RDD_JOB}) and processing type ({@code BATCH},
   * {@code STREAMING}).
   */
  ExecutionRun(UUID runId, long startTime, String jobType, String processingType) {
    this.runId = runId;
    this.startTime = startTime;
    this.jobType = jobType;
    this.processingType = processingType;
  }

  boolean started() {
    return jobName != null;
  }
}
