package io.headwater.spark.agent.executions;

import io.headwater.spark.agent.events.RunEmitter;
import io.headwater.spark.agent.events.StaticEvents;
import io.headwater.spark.agent.jobs.RddJobRuns;
import io.headwater.spark.agent.jobs.SparkJobs;
import io.headwater.spark.agent.pipelines.PipelineUpdates;
import io.headwater.spark.agent.runs.ApplicationRun;
import io.headwater.spark.agent.runs.ExecutionFigures;
import io.headwater.spark.agent.runs.FailedAnalysis;
import io.headwater.spark.agent.runs.LocalPropertyTags;
import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.agent.runs.RunBuilders;
import io.headwater.spark.agent.runs.RunFindings;
import io.headwater.spark.agent.runs.RunFindingsWriter;
import io.headwater.spark.agent.tracking.Decision;
import io.headwater.spark.agent.tracking.ExecutionTracker;
import io.headwater.spark.agent.tracking.Placement;
import io.headwater.spark.agent.tracking.StreamingQueryRuns;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.StreamingPlans;
import io.headwater.spark.emit.EmissionQueue;
import io.headwater.spark.extensions.SchedulerObjects;
import io.headwater.spark.naming.CatalogChangeRecorder;
import io.headwater.spark.reading.ExecutionLineage;
import io.headwater.spark.reading.RowLevelWrites;
import io.headwater.spark.reading.StaticLineage;
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
 * analysis thread, one listener event at a time: it places each event with the {@link
 * ExecutionTracker}, has the plans read into the run ({@link RunFindingsWriter}) and runs the
 * extensions' builders ({@link RunBuilders}) where the placement asks for it, and carries out the
 * tracker's decisions — statistics and table versions are read only for a run whose terminal event
 * is due. Jobs outside SQL executions go to {@link RddJobRuns}. An execution or streaming query
 * that runs a flow of a Spark Declarative Pipeline gets the flow's job ({@link PipelineUpdates})
 * before its START.
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
    this.placementReads = new PlacementReads(tracker, findingsWriter, builders, pipelines);
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
    Placement placement =
        tracker.executionStarted(executionId, rootExecutionId, time, batch, rowLevelWrite);
    OperationRun run = placement.run();
    placement.accept(
        placementReads
        .new Started(new PlacementReads.Seen(execution, event, analysisFailed, batch)));
    builders.evaluate(run, List.of(event));
    if (run.parent != null) {
      carryOut(tracker.startIfReady(run.parent), null); // the parent's START comes first
    }
    carryOut(tracker.startIfReady(run), null);
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
    Placement placement = tracker.executionEnded(executionId, time, batch);
    if (placement.run() == null) {
      return;
    }
    PlacementReads.Ended ended =
        placementReads
        .new Ended(
            new PlacementReads.Seen(execution, event, analysisFailed, batch),
            time,
            readable,
            failure);
    List<Decision> decisions = placement.accept(ended);
    ended.figures().ifPresent(figures -> placement.run().metrics.executionEnded(figures));
    ended.parentReads().ifPresent(reads -> placement.run().parent.metrics.executionEnded(reads));
    carryOut(decisions, ended.readable());
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
    carryOut(tracker.jobStarted(run, LocalPropertyTags.of(event.properties()), event.time()), null);
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
    OperationRun run = tracker.streamingQueryStarted(queryRunId, name, timestamp, time);
    if (run.naming.flow() == null) {
      pipelines.flowRunning(name).ifPresent(flow -> tracker.flowAssigned(run, flow));
    }
  }

  /**
   * A streaming query run terminated.
   *
   * @param exception the text of the exception that stopped it, or null when it was stopped
   */
  public void streamingQueryTerminated(UUID queryRunId, long time, String exception) {
    Throwable failure = exception == null ? null : new StreamingQueryRuns.QueryFailure(exception);
    carryOut(tracker.streamingQueryTerminated(queryRunId, time, failure), null);
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
    carryOut(tracker.abortAll(time, reason), null);
  }

  /**
   * Carries out the tracker's decisions, each dispatched once ({@link CarryOut}).
   *
   * @param execution the ended execution whose plans may be read (statistics, table versions, DDL's
   *     new state), or null
   */
  private void carryOut(List<Decision> decisions, QueryExecution execution) {
    if (decisions.isEmpty()) {
      return;
    }
    CarryOut carryOut = new CarryOut(execution);
    for (Decision decision : decisions) {
      decision.accept(carryOut);
    }
  }

  /**
   * What each kind of decision does: a run event through {@link RunEmitter} — a terminal one once
   * the ended execution's statistics and the written tables' versions are read — or the static
   * events of DDL.
   */
  private final class CarryOut implements Decision.Visitor<Void> {
    private final QueryExecution execution;

    CarryOut(QueryExecution execution) {
      this.execution = execution;
    }

    @Override
    public Void start(Decision.Start start) {
      emitter.start(start.run());
      return null;
    }

    @Override
    public Void running(Decision.Running running) {
      emitter.running(running.run(), running.time());
      return null;
    }

    @Override
    public Void terminal(Decision.Terminal terminal) {
      OperationRun run = terminal.run();
      if (execution != null) {
        terminalFigures(run, execution);
        findingsWriter.tableVersions(run, execution);
      }
      emitter.terminal(run, terminal.time(), terminal.failure());
      return null;
    }

    @Override
    public Void staticEvents(Decision.Static staticEvents) {
      emitStatic(staticEvents.run(), staticEvents.time(), execution);
      return null;
    }

    @Override
    public Void abort(Decision.Abort abort) {
      emitter.abort(abort.run(), abort.time(), abort.reason());
      return null;
    }
  }

  /**
   * The static events of metadata-only DDL that succeeded: DatasetEvents of its outputs, or a
   * JobEvent of a view definition, read once the command ran so they show the catalog's new state
   * (a {@code DROP TABLE} as read at its start).
   */
  private void emitStatic(OperationRun run, long time, QueryExecution execution) {
    RunFindings found = run.findings;
    boolean readNow =
        execution != null
            && StaticLineage.readAtEnd(
                found.staticKind(), execution.optimizedPlan(), findingsWriter.connectors());
    ExecutionLineage lineage = readNow ? findingsWriter.afterDdl(run, execution) : found.lineage();
    if (found.staticKind() == StaticLineage.Kind.DATASET_EVENTS) {
      lineage.outputs().forEach(output -> emission.submit(staticEvents.datasetEvent(time, output)));
    } else if (!lineage.isEmpty() && found.planPart() != null) {
      String jobName = tracker.ddlJobName(run, lineage);
      // a view's job is its query: its text where Spark kept it (Spark 3.5 gives the whole CREATE
      // VIEW statement as the execution's SQL text, Spark 4 none)
      Optional<String> viewText =
          execution == null
              ? Optional.empty()
              : findingsWriter.connectors().viewText(execution.optimizedPlan());
      Optional<String> sql = viewText.or(run::sql);
      emission.submit(
          staticEvents.jobEvent(
              time, application.namespace(), jobName, lineage, sql, run.naming.localTags()));
    }
  }

  /** The root execution's figures, added to its run's once its terminal event is due. */
  private static void terminalFigures(OperationRun run, QueryExecution execution) {
    run.metrics.executionEnded(ExecutionFigures.of(execution));
  }

  private Optional<StreamingPlans.MicroBatch> microBatch(QueryExecution execution) {
    return execution == null ? Optional.empty() : streamingPlans.microBatch(execution);
  }

  /** Forgets runs whose end was lost, at most once per {@link #SWEEP_INTERVAL}. */
  private void sweep() {
    long now = System.currentTimeMillis();
    if (now - lastSweep >= SWEEP_INTERVAL.toMillis()) {
      lastSweep = now;
      carryOut(tracker.expire(now), null);
    }
  }
}
