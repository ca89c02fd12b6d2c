package io.headwater.spark.agent.executions;

import io.headwater.spark.agent.events.RunEmitter;
import io.headwater.spark.agent.events.StaticEvents;
import io.headwater.spark.agent.jobs.RddJobRuns;
import io.headwater.spark.agent.jobs.SparkJobs;
import io.headwater.spark.agent.pipelines.PipelineUpdates;
import io.headwater.spark.agent.runs.ApplicationRun;
import io.headwater.spark.agent.runs.FailedAnalysis;
import io.headwater.spark.agent.runs.LocalPropertyTags;
import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.agent.runs.RunBuilders;
import io.headwater.spark.agent.runs.RunFindingsWriter;
import io.headwater.spark.agent.tracking.Decision;
import io.headwater.spark.agent.tracking.ExecutionFacts;
import io.headwater.spark.agent.tracking.ExecutionTracker;
import io.headwater.spark.agent.tracking.StreamingQueryRuns;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.StreamingPlans;
import io.headwater.spark.emit.EmissionQueue;
import io.headwater.spark.extensions.SchedulerObjects;
import io.headwater.spark.naming.CatalogChangeRecorder;
import io.headwater.spark.reading.RowLevelWrites;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.spark.scheduler.ActiveJob;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * Coordinates the runs of SQL executions, their Spark jobs and streaming queries on the agent's
 * analysis thread, one listener event at a time. A SQL execution's start or end enters the {@link
 * ExecutionTracker} once: the tracker places it and calls the reading for that placement ({@link
 * PlacementReads}: plans into the run through {@link RunFindingsWriter}, the extensions' builders
 * through {@link RunBuilders}, and every other read — figures, table versions, a DDL's new state —
 * returned as {@code ExecutionFacts}), then decides once; this class adds the figures to the run's
 * {@code RunMetrics} (their one writer, stages and RDD jobs included) and has the decisions carried
 * out ({@link DecisionEmitter}) with the facts, reading nothing after the decision. Jobs outside
 * SQL executions go to {@link RddJobRuns}. An execution or streaming query that runs a flow of a
 * Spark Declarative Pipeline gets the flow's job ({@link PipelineUpdates}) before its START.
 */
@Internal
public final class RunCoordinator {
  /** How often, at most, idle runs are looked for. */
  private static final Duration SWEEP_INTERVAL = Duration.ofMinutes(1);

  private final ExecutionTracker tracker;
  private final RunFindingsWriter findingsWriter;
  private final RunBuilders builders;
  private final RunEmitter emitter;
  private final StaticEvents staticEvents;
  private final EmissionQueue emission;
  private final ApplicationRun application;
  private final RddJobRuns rddJobs;
  private final SparkJobs jobs = new SparkJobs();
  private final StreamingPlans streamingPlans;
  private final PlacementReads placementReads;
  private final PipelineUpdates pipelines;
  private long lastSweep = System.currentTimeMillis();

  public RunCoordinator(
      ExecutionTracker tracker,
      RunFindingsWriter findingsWriter,
      RunBuilders builders,
      RunEmitter emitter,
      StaticEvents staticEvents,
      EmissionQueue emission,
      ApplicationRun application,
      RddJobRuns rddJobs,
      StreamingPlans streamingPlans,
      PipelineUpdates pipelines) {
    this.tracker = tracker;
    this.findingsWriter = findingsWriter;
    this.builders = builders;
    this.emitter = emitter;
    this.staticEvents = staticEvents;
    this.emission = emission;
    this.application = application;
    this.rddJobs = rddJobs;
    this.streamingPlans = streamingPlans;
    this.placementReads = new PlacementReads(findingsWriter, builders, pipelines);
    this.pipelines = pipelines;
  }

  /**
   * A SQL execution started.
   *
   * @param execution its query execution if Spark still had it, else null
   * @param event Spark's event, for the extensions' builders
   */
  public void executionStarted(
      long executionId, long rootExecutionId, long time, QueryExecution execution, Object event) {
    try (CatalogChangeRecorder.Scope asOf = CatalogChangeRecorder.asOf(executionId, true)) {
      started(executionId, rootExecutionId, time, execution, event);
    }
  }

  private void started(
      long executionId, long rootExecutionId, long time, QueryExecution execution, Object event) {
    sweep();
    boolean analysisFailed = FailedAnalysis.isStart(event);
    Optional<StreamingPlans.MicroBatch> batch =
        analysisFailed ? Optional.empty() : microBatch(execution);
    boolean rowLevelWrite =
        rootExecutionId != executionId
            && !analysisFailed
            && execution != null
            && RowLevelWrites.isRowLevelWrite(
                execution.optimizedPlan(), findingsWriter.connectors());
    PlacementReads.Started reading =
        placementReads
        .new Started(new PlacementReads.Seen(execution, event, analysisFailed, batch));
    carryOut(
        tracker.executionStarted(executionId, rootExecutionId, time, batch, rowLevelWrite, reading),
        ExecutionFacts.NONE);
  }

  /**
   * A SQL execution ended.
   *
   * @param execution its query execution if Spark still had it, else null
   * @param failure why it failed, or null when it succeeded
   */
  public void executionEnded(
      long executionId, long time, QueryExecution execution, Throwable failure, Object event) {
    try (CatalogChangeRecorder.Scope asOf = CatalogChangeRecorder.asOf(executionId, false)) {
      ended(executionId, time, execution, failure, event);
    }
  }

  private void ended(
      long executionId, long time, QueryExecution execution, Throwable failure, Object event) {
    boolean analysisFailed = FailedAnalysis.isEnd(event);
    // the plans of a query whose analysis failed are never read: reading one re-throws the user's
    // exception and changes it (FailedAnalysis)
    QueryExecution readable = analysisFailed ? null : execution;
    Optional<StreamingPlans.MicroBatch> batch = microBatch(readable);
    PlacementReads.Ended reading =
        placementReads
        .new Ended(
            new PlacementReads.Seen(execution, event, analysisFailed, batch), readable, failure);
    List<Decision> decisions = tracker.executionEnded(executionId, time, batch, failure, reading);
    ExecutionFacts facts = reading.facts();
    OperationRun run = reading.run();
    facts.figures().ifPresent(figures -> run.metrics.executionEnded(figures));
    facts.parentReads().ifPresent(reads -> run.parent.metrics.executionEnded(reads));
    carryOut(decisions, facts);
  }

  /**
   * A Spark job started: an RDD job's run, or a job of a SQL run shown to the extensions' builders
   * (the first one gives the run the thread's local-property tags).
   *
   * @param job the job's {@code ActiveJob}, or null when the scheduler had forgotten it
   */
  public void jobStarted(SparkListenerJobStart event, ActiveJob job, boolean rddJob) {
    if (rddJob) {
      if (job != null) {
        jobs.started(event, job, null);
      }
      rddJobs.start(event, job);
      return;
    }
    Long executionId = SparkJobs.executionId(event.properties());
    OperationRun run = executionId == null ? null : tracker.runOf(executionId);
    if (run == null) {
      return; // not a job of a tracked SQL run
    }
    carryOut(
        tracker.jobStarted(run, LocalPropertyTags.of(event.properties()), event.time()),
        ExecutionFacts.NONE);
    jobs.started(event, job, executionId);
    builders.evaluate(run, SchedulerObjects.jobStart(event, job));
  }

  /**
   * A stage of a Spark job completed (successfully or not).
   *
   * @param filesWritten the files its tasks wrote, counted for the stages of RDD jobs only
   */
  public void stageCompleted(StageInfo stage, long filesWritten) {
    SparkJobs.Job job = jobs.ofStage(stage.stageId());
    if (job != null && job.executionId() == null) {
      OperationRun rdd = rddJobs.runOf(job.jobId());
      if (rdd != null) {
        rdd.metrics.rddStageCompleted(stage, filesWritten);
      }
      rddJobs.stageCompleted(
          job.jobId(), SchedulerObjects.stageCompleted(stage, job.stage(stage.stageId())));
      return;
    }
    OperationRun run = job == null ? null : tracker.runOf(job.executionId());
    if (run != null) {
      run.metrics.stageCompleted(stage);
      if (run.parent != null) {
        run.parent.metrics.stageCompleted(stage); // a foreachBatch write counts in its micro-batch
      }
      builders.evaluate(run, SchedulerObjects.stageCompleted(stage, job.stage(stage.stageId())));
    }
  }

  /**
   * A Spark job ended.
   *
   * @param failure why an RDD job failed, or null
   */
  public void jobEnded(SparkListenerJobEnd event, boolean rddJob, Throwable failure) {
    SparkJobs.Job job = jobs.ended(event.jobId());
    if (rddJob) {
      OperationRun ended = rddJobs.end(event);
      if (ended != null) {
        ended.metrics.rddJobEnded(ended.findings.lineage().inputs());
        emitter.terminal(ended, event.time(), failure);
      }
      return;
    }
    OperationRun run = job == null ? null : tracker.runOf(job.executionId());
    if (run != null) {
      builders.evaluate(run, SchedulerObjects.jobEnd(event, job.finalStage()));
    }
  }

  /** A streaming query run started; {@code timestamp} as its start event gives it. */
  public void streamingQueryStarted(UUID queryRunId, String name, String timestamp, long time) {
    tracker.streamingQueryStarted(queryRunId, name, timestamp, time, pipelines.flowRunning(name));
  }

  /**
   * A streaming query run terminated.
   *
   * @param exception the text of the exception that stopped it, or null when it was stopped
   */
  public void streamingQueryTerminated(UUID queryRunId, long time, String exception) {
    Throwable failure = exception == null ? null : new StreamingQueryRuns.QueryFailure(exception);
    carryOut(tracker.streamingQueryTerminated(queryRunId, time, failure), ExecutionFacts.NONE);
  }

  /** What a Spark Connect operation says about Spark Declarative Pipelines happened. */
  public void pipelineOperation(io.headwater.spark.compat.pipelines.ConnectOperation operation) {
    pipelines.on(operation);
  }

  /** ABORT for every pipeline update still running (the application is ending). */
  public void abortPipelineUpdates(long time) {
    pipelines.abortAll(time);
  }

  /** True while any execution or streaming query is tracked (its run not ended). */
  public boolean hasOpenRuns() {
    return tracker.openRuns() > 0;
  }

  /** ABORT for every run still open (the application is ending or being killed). */
  public void abortOpenRuns(long time, String reason) {
    carryOut(tracker.abortAll(time, reason), ExecutionFacts.NONE);
  }

  /**
   * Carries out the tracker's decisions, each dispatched once ({@link DecisionEmitter}), with the
   * {@code facts} read for the event before the tracker decided.
   */
  private void carryOut(List<Decision> decisions, ExecutionFacts facts) {
    if (decisions.isEmpty()) {
      return;
    }
    DecisionEmitter carryOut =
        new DecisionEmitter(emitter, staticEvents, emission, application, findingsWriter, facts);
    for (Decision decision : decisions) {
      decision.accept(carryOut);
    }
  }

  private Optional<StreamingPlans.MicroBatch> microBatch(QueryExecution execution) {
    return execution == null ? Optional.empty() : streamingPlans.microBatch(execution);
  }

  /** Forgets runs whose end was lost, at most once per {@link #SWEEP_INTERVAL}. */
  private void sweep() {
    long now = System.currentTimeMillis();
    if (now - lastSweep >= SWEEP_INTERVAL.toMillis()) {
      lastSweep = now;
      carryOut(tracker.expire(now), ExecutionFacts.NONE);
    }
  }
}
