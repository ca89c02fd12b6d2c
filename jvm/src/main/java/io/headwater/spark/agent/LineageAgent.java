package io.headwater.spark.agent;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.config.ConfigKeys;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.connectors.TableVersions;
import io.headwater.spark.emit.EmissionQueue;
import io.headwater.spark.emit.SerialExecutor;
import io.headwater.spark.extensions.CustomFacets;
import io.headwater.spark.extensions.DatasetBuilders;
import io.headwater.spark.extensions.FacetBuilders;
import io.headwater.spark.extensions.LineageExtractor;
import io.headwater.spark.extensions.SchedulerObjects;
import io.headwater.spark.facets.SqlRedaction;
import io.headwater.spark.naming.CatalogTables;
import io.headwater.spark.naming.JobNames;
import io.headwater.spark.reading.DatasetStatistics;
import io.headwater.spark.reading.ExecutionLineage;
import io.headwater.spark.reading.MetadataOnlyCommands;
import io.headwater.spark.reading.ScanStatistics;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.RunEvent.EventType;
import io.openlineage.client.utils.UUIDUtils;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.scheduler.ActiveJob;
import org.apache.spark.scheduler.SparkListenerApplicationEnd;
import org.apache.spark.scheduler.SparkListenerApplicationStart;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.streaming.runtime.IncrementalExecution;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns Spark's application and SQL-execution events into OpenLineage runs. Every public method is
 * called on Spark's listener-bus thread and only queues work on the agent's analysis thread ({@link
 * SerialExecutor}); plan analysis, event assembly and (on the emission thread) serialization and
 * delivery happen there.
 *
 * <p>Each operation that touches a dataset gets exactly one START and one terminal event (COMPLETE,
 * or FAIL with {@code errorMessage}) with one run id; an operation that touches none emits nothing,
 * and neither do the reads Spark runs to infer a schema (the plan reading's schema-inference test).
 * An operation is a top-level SQL execution together with the executions Spark nests under it
 * ({@link ExecutionRun}). The application is a run too: START at application start, COMPLETE at its
 * end. Terminal events carry the {@code version} facet of outputs that are Delta or Iceberg tables
 * ({@link TableVersions}), read when the operation has ended.
 */
final class LineageAgent {
  private static final Logger LOG = LoggerFactory.getLogger(LineageAgent.class);
  private final HeadwaterConfig config;
  private final ApplicationRun application;
  private final RunEventFactory events;
  private final LineageExtractor extractor;
  private final SparkPropertiesCapture properties;
  private final OpenLineage openLineage;
  private final SerialExecutor analysis;
  private final EmissionQueue emission;
  private final StaticEvents staticEvents;
  private final StaticLineageApi staticApi;
  // analysis thread only: runs by root execution id, nested execution id -> root id, nested ids
  // already read
  private final Map<Long, ExecutionRun> executions = new HashMap<>();
  private final Map<Long, Long> nestedUnder = new HashMap<>();
  private final java.util.Set<Long> nestedRead = new java.util.HashSet<>();
  private final RddJobRuns rddJobs;
  private final StreamingQueryRuns streaming = new StreamingQueryRuns();
  // analysis thread only: the Spark jobs of SQL runs, for the extensions' dataset and facet
  // builders
  private final SparkJobs jobs = new SparkJobs();
  private final DatasetBuilders datasetBuilders;
  private final FacetBuilders facetBuilders;
  private final io.headwater.spark.extensions.RunContexts contexts;

  LineageAgent(
      HeadwaterConfig config,
      String appName,
      OpenLineage openLineage,
      LineageExtractor extractor,
      EmissionQueue emission,
      SparkPropertiesCapture properties,
      String sparkVersion) {
    this.config = config;
    this.openLineage = openLineage;
    this.application =
        new ApplicationRun(
            UUIDUtils.generateNewUUID(),
            config.namespace(),
            JobNames.application(config.appName().orElse(appName)));
    this.contexts =
        new io.headwater.spark.extensions.RunContexts(openLineage, config, application.runId());
    this.events =
        new RunEventFactory(
            openLineage,
            sparkVersion,
            config.parent(),
            new JobMetadata(openLineage, config.metadata()));
    this.staticEvents = new StaticEvents(openLineage, events);
    this.staticApi =
        new StaticLineageApi(openLineage, extractor, emission, staticEvents, config, contexts);
    this.properties = properties;
    this.extractor = extractor;
    this.datasetBuilders = new DatasetBuilders(extractor.extensions());
    this.facetBuilders = new FacetBuilders(extractor.extensions());
    this.emission = emission;
    this.analysis = new SerialExecutor("headwater-analysis", config.emit().queueCapacity());
    this.rddJobs =
        new RddJobRuns(application, events, emission, properties, this::evaluateBuilders);
  }

  /**
   * Emits the application's START, with the run and job facets the factories' facet builders give
   * for {@code event}.
   */
  void applicationStart(SparkListenerApplicationStart event) {
    analysis.submit(() -> emitApplicationEvent(EventType.START, event.time(), event));
  }

  /**
   * Emits the application's COMPLETE, with the facets the builders give for {@code event}, and
   * waits, at most the configured close time-out, for delivery.
   */
  void applicationEnd(SparkListenerApplicationEnd event) {
    analysis.submit(() -> emitApplicationEvent(EventType.COMPLETE, event.time(), event));
    Duration timeout = config.emit().closeTimeout();
    long deadline = System.nanoTime() + timeout.toNanos();
    analysis.shutdown(timeout);
    int undelivered = emission.close(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
    if (undelivered > 0) {
      LOG.warn(
          "Headwater: {} lineage event(s) still queued after {} ms at application end were not"
              + " delivered ({})",
          undelivered,
          timeout.toMillis(),
          ConfigKeys.EMIT_CLOSE_TIMEOUT_MILLIS.sparkKey());
    }
  }

  /**
   * @param rootExecutionId the execution this one is nested under (itself for a top-level
   *     execution)
   * @param queryExecution the execution's query execution if Spark still has it, else null
   * @param event Spark's event, for the extensions' builders
   */
  void executionStart(
      long executionId,
      long rootExecutionId,
      long time,
      QueryExecution queryExecution,
      Object event) {
    analysis.submit(
        () -> onExecutionStart(executionId, rootExecutionId, time, queryExecution, event));
  }

  /**
   * @param failure why the execution failed, or null when it succeeded
   * @param event Spark's event, for the extensions' builders
   */
  void executionEnd(
      long executionId, long time, QueryExecution queryExecution, Throwable failure, Object event) {
    analysis.submit(() -> onExecutionEnd(executionId, time, queryExecution, failure, event));
  }

  /**
   * A Spark job started. Jobs of a SQL run are shown to the extensions' builders ({@link
   * SchedulerObjects}).
   *
   * @param job the job's {@code ActiveJob} as the scheduler still had it when the listener saw the
   *     start, or null
   */
  void jobStart(SparkListenerJobStart event, ActiveJob job) {
    analysis.submit(() -> onJobStart(event, job));
  }

  /** A stage of a Spark job completed (successfully or not). */
  void stageCompleted(StageInfo stage) {
    analysis.submit(() -> onStageCompleted(stage));
  }

  /** A Spark job ended. */
  void jobEnd(SparkListenerJobEnd event) {
    analysis.submit(() -> onJobEnd(event));
  }

  /**
   * A Spark job outside any SQL execution started ({@link RddJobRuns}).
   *
   * @param job the scheduler's job, read on the listener-bus thread ({@link ActiveJobs#lookup});
   *     null if not found
   */
  void rddJobStart(SparkListenerJobStart event, ActiveJob job) {
    analysis.submit(
        () -> {
          if (job != null) {
            jobs.started(event, job, null);
          }
          rddJobs.start(event, job);
        });
  }

  /**
   * @param failure why the RDD job failed, or null when it succeeded
   */
  void rddJobEnd(SparkListenerJobEnd event, Throwable failure) {
    analysis.submit(
        () -> {
          jobs.ended(event.jobId());
          rddJobs.end(event, failure);
        });
  }

  /**
   * A streaming query run started ({@link StreamingQueryRuns}); {@code timestamp} as its start
   * event gives it.
   */
  void streamingQueryStarted(
      java.util.UUID queryRunId, String queryName, String timestamp, long eventTime) {
    analysis.submit(() -> streaming.started(queryRunId, queryName, timestamp, eventTime));
  }

  /**
   * @param exception the text of the exception that stopped the query, or null when it was stopped
   */
  void streamingQueryTerminated(java.util.UUID queryRunId, long time, String exception) {
    analysis.submit(() -> onStreamingQueryTerminated(queryRunId, time, exception));
  }

  /**
   * The Python static-lineage API's entry point (called on the caller's thread; events go to the
   * emission queue).
   */
  StaticLineageApi staticApi() {
    return staticApi;
  }

  /**
   * Waits, at most {@code timeout} in all, until the work and events queued before the call are
   * done.
   */
  boolean flush(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    return analysis.drain(timeout)
        && emission.drain(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
  }

  private void onExecutionStart(
      long executionId,
      long rootExecutionId,
      long time,
      QueryExecution queryExecution,
      Object event) {
    ExecutionRun root = rootExecutionId == executionId ? null : executions.get(rootExecutionId);
    LOG.debug(
        "Headwater: execution {} started (root {}, nested under a tracked run: {})",
        executionId,
        rootExecutionId,
        root != null);
    if (root != null) {
      nestedUnder.put(executionId, rootExecutionId);
      if (queryExecution != null) {
        nestedRead.add(executionId);
        root.lineage = root.lineage.merge(lineageOf(root, queryExecution));
      }
      evaluateBuilders(root, List.of(event));
      if (queryExecution != null) {
        emitStartWhenReady(root);
      }
      return;
    }
    if (queryExecution instanceof IncrementalExecution microBatch) {
      ExecutionRun run = readMicroBatch(microBatch, time);
      executions.put(executionId, run);
      evaluateBuilders(run, List.of(event));
      emitStartWhenReady(run);
      return;
    }
    ExecutionRun run = new ExecutionRun(UUIDUtils.generateNewUUID(), time);
    executions.put(executionId, run);
    if (queryExecution != null) {
      readRoot(run, queryExecution);
    }
    evaluateBuilders(run, List.of(event));
    if (queryExecution != null) {
      emitStartWhenReady(run);
    }
  }

  /**
   * Folds a streaming micro-batch into its query's run, which starts with the first batch touching
   * a dataset.
   */
  private ExecutionRun readMicroBatch(IncrementalExecution microBatch, long time) {
    ExecutionRun run = streaming.microBatch(microBatch.runId(), time, microBatch.logical());
    // a streaming run starts with its first micro-batch, not its first Spark job: local-property
    // tags do not reach it
    run.tagsKnown = true;
    run.lineage = run.lineage.merge(lineageOf(run, microBatch, microBatch.logical()));
    if (run.properties == null) {
      run.properties = properties.forSession(microBatch.sparkSession());
    }
    return run;
  }

  private void onStreamingQueryTerminated(java.util.UUID queryRunId, long time, String exception) {
    ExecutionRun run = streaming.terminated(queryRunId);
    if (run == null || !run.started()) {
      return; // no micro-batch touched a dataset
    }
    Throwable failure = exception == null ? null : new StreamingQueryRuns.QueryFailure(exception);
    emission.submit(
        events.executionEvent(
            failure == null ? EventType.COMPLETE : EventType.FAIL,
            time,
            run,
            application,
            failure));
  }

  private void onExecutionEnd(
      long executionId, long time, QueryExecution queryExecution, Throwable failure, Object event) {
    Long rootId = nestedUnder.remove(executionId);
    if (rootId != null) {
      ExecutionRun root = executions.get(rootId);
      if (root != null) {
        evaluateBuilders(root, List.of(event));
      }
      if (root != null && queryExecution != null) {
        if (!nestedRead.remove(executionId)) {
          root.lineage = root.lineage.merge(lineageOf(root, queryExecution));
          emitStartWhenReady(root);
        }
        addStatistics(root, queryExecution);
      }
      return; // the root's end closes the run
    }
    ExecutionRun run = executions.remove(executionId);
    if (run == null && queryExecution instanceof IncrementalExecution microBatch) {
      run = readMicroBatch(microBatch, time); // its start was not seen
    }
    if (run != null && StreamingQueryRuns.isStreaming(run)) {
      evaluateBuilders(run, List.of(event));
      emitStartWhenReady(run);
      if (failure == null && run.started()) {
        emission.submit(
            events.executionEvent(
                EventType.RUNNING, time, run, application, null)); // one per micro-batch
      }
      return; // the query's termination closes the run
    }
    if (run == null) {
      // The start was never seen (the agent was attached late): the run is opened and closed now.
      run = new ExecutionRun(UUIDUtils.generateNewUUID(), time);
    }
    if (run.planPart == null && queryExecution != null) {
      readRoot(run, queryExecution);
    }
    evaluateBuilders(run, List.of(event));
    if (run.staticKind != StaticEvents.Kind.NONE) {
      emitStatic(run, time, queryExecution, failure);
      return;
    }
    run.tagsKnown = true;
    emitStartWhenReady(run);
    if (!run.started()) {
      return; // touched no dataset: no events
    }
    if (queryExecution != null) {
      addStatistics(run, queryExecution);
    }
    if (queryExecution != null && !run.lineage.outputs().isEmpty()) {
      // a copy of the session's Hadoop configuration only for a run that wrote something
      run.lineage =
          run.lineage.withOutputs(
              TableVersions.attach(
                  openLineage,
                  run.lineage.outputs(),
                  queryExecution.sparkSession().sessionState().newHadoopConf()));
    }
    EventType type = failure == null ? EventType.COMPLETE : EventType.FAIL;
    emission.submit(events.executionEvent(type, time, run, application, failure));
  }

  /**
   * A job of a SQL run: shown to the extensions' builders, and the first one gives the run the tags
   * of the thread's local properties.
   */
  private void onJobStart(SparkListenerJobStart event, ActiveJob job) {
    Long executionId = SparkJobs.executionId(event.properties());
    ExecutionRun run = executionId == null ? null : runOf(executionId);
    if (run == null) {
      return; // not a job of a tracked SQL run
    }
    if (!run.tagsKnown) {
      // the thread's local properties reach the agent only with a job: START waits for the first
      // one, and carries
      // what the execution's start gave the builders, not what its jobs give them
      run.localTags = LocalPropertyTags.of(event.properties());
      run.tagsKnown = true;
      emitStartWhenReady(run);
    }
    jobs.started(event, job, executionId);
    evaluateBuilders(run, SchedulerObjects.jobStart(event, job));
  }

  private void onStageCompleted(StageInfo stage) {
    SparkJobs.Job job = jobs.ofStage(stage.stageId());
    if (job != null && job.executionId() == null) {
      rddJobs.stageCompleted(
          job.jobId(), SchedulerObjects.stageCompleted(stage, job.stage(stage.stageId())));
      return;
    }
    ExecutionRun run = job == null ? null : runOf(job.executionId());
    if (run != null) {
      evaluateBuilders(run, SchedulerObjects.stageCompleted(stage, job.stage(stage.stageId())));
    }
  }

  private void onJobEnd(SparkListenerJobEnd event) {
    SparkJobs.Job job = jobs.ended(event.jobId());
    ExecutionRun run = job == null ? null : runOf(job.executionId());
    if (run != null) {
      evaluateBuilders(run, SchedulerObjects.jobEnd(event, job.finalStage()));
    }
  }

  /**
   * The run an execution belongs to: its own, or that of the execution it is nested under; null
   * when untracked.
   */
  private ExecutionRun runOf(long executionId) {
    Long root = nestedUnder.get(executionId);
    return executions.get(root != null ? root : executionId);
  }

  /** Adds what the extensions' dataset and facet builders give for {@code objects} to the run. */
  private void evaluateBuilders(ExecutionRun run, List<?> objects) {
    if (run.context == null) {
      run.context = context(run, null);
    }
    run.lineage = run.lineage.merge(datasetBuilders.evaluate(run.context, objects));
    run.facets = run.facets.merge(facetBuilders.evaluate(run.context, objects));
  }

  /**
   * The static events of metadata-only DDL, after it succeeded (a failed DDL changed nothing: no
   * event). The plan is read again now that the command ran, so the events show the catalog's new
   * state (schema, properties).
   */
  private void emitStatic(
      ExecutionRun run, long time, QueryExecution queryExecution, Throwable failure) {
    if (failure != null || run.staticKind == StaticEvents.Kind.NOTHING) {
      LOG.debug(
          "Headwater: run {}: no static event ({})",
          run.runId,
          failure != null ? "DDL failed" : run.staticKind);
      return;
    }
    boolean reread =
        queryExecution != null && !MetadataOnlyCommands.isDrop(queryExecution.optimizedPlan());
    ExecutionLineage lineage = reread ? lineageOf(run, queryExecution) : run.lineage;
    if (run.staticKind == StaticEvents.Kind.DATASET_EVENTS) {
      lineage.outputs().forEach(output -> emission.submit(staticEvents.datasetEvent(time, output)));
    } else if (!lineage.isEmpty()) {
      String jobName =
          JobNames.execution(application.jobName(), run.planPart, lineage.jobNameSuffix());
      Optional<String> sql =
          run.sql
              .or(
                  () ->
                      queryExecution == null
                          ? Optional.empty()
                          : MetadataOnlyCommands.viewText(queryExecution.optimizedPlan()))
              .map(SqlRedaction::redact);
      emission.submit(
          staticEvents.jobEvent(
              time, application.namespace(), jobName, lineage, sql, run.localTags));
    }
  }

  private static void addStatistics(ExecutionRun run, QueryExecution queryExecution) {
    DatasetStatistics.written(queryExecution.executedPlan())
        .ifPresent(stats -> run.written = Optional.of(run.written.map(stats::plus).orElse(stats)));
    ScanStatistics.of(
            queryExecution.executedPlan(), new CatalogTables(queryExecution.sparkSession()))
        .forEach((key, stats) -> run.read.merge(key, stats, DatasetStatistics::plus));
  }

  /** Reads the root execution of a run: the plan part of its job name and its datasets. */
  private void readRoot(ExecutionRun run, QueryExecution queryExecution) {
    run.lineage = lineageOf(run, queryExecution).merge(run.lineage);
    run.planPart = JobNames.planPart(queryExecution.executedPlan());
    run.staticKind =
        StaticEvents.kindOf(
            queryExecution.optimizedPlan(),
            StaticEvents.mode(queryExecution.sparkSession(), config.metadata().ddl()));
    run.properties = properties.forSession(queryExecution.sparkSession());
    scala.Option<String> sqlText = queryExecution.logical().origin().sqlText();
    run.sql =
        sqlText.isDefined() ? Optional.of(SqlRedaction.redact(sqlText.get())) : Optional.empty();
  }

  private void emitStartWhenReady(ExecutionRun run) {
    if (run.started()
        || run.planPart == null
        || run.lineage.isEmpty()
        || !run.tagsKnown
        || run.staticKind != StaticEvents.Kind.NONE) {
      return;
    }
    run.jobName =
        JobNames.execution(application.jobName(), run.planPart, run.lineage.jobNameSuffix());
    emission.submit(events.executionEvent(EventType.START, run.startTime, run, application, null));
  }

  private ExecutionLineage lineageOf(ExecutionRun run, QueryExecution queryExecution) {
    return lineageOf(run, queryExecution, queryExecution.optimizedPlan());
  }

  private ExecutionLineage lineageOf(
      ExecutionRun run, QueryExecution queryExecution, LogicalPlan plan) {
    OpenLineageContext context = context(run, queryExecution);
    if (run.context == null || run.context.queryExecution().isEmpty()) {
      run.context = context;
    }
    // a text file-stream source reads like a schema-inference read (same internal option); a
    // micro-batch never is one
    ExecutionLineage lineage =
        extractor.extract(context, plan, !(queryExecution instanceof IncrementalExecution));
    if (LOG.isDebugEnabled()) {
      LOG.debug(
          "Headwater: run {}: optimized plan root {}, executed plan root {}, {} input(s), {}"
              + " output(s)",
          run.runId,
          plan.getClass().getName(),
          queryExecution.executedPlan().nodeName(),
          lineage.inputs().size(),
          lineage.outputs().size());
    }
    return lineage;
  }

  private void emitApplicationEvent(EventType type, long time, Object event) {
    CustomFacets facets =
        facetBuilders.evaluate(context(application.runId(), null), List.of(event));
    emission.submit(
        events.applicationEvent(type, time, application, properties.forApplication(), facets));
  }

  /** The context extensions get for {@code run}, reading {@code queryExecution} (null for none). */
  private OpenLineageContext context(ExecutionRun run, QueryExecution queryExecution) {
    return context(run.runId, queryExecution);
  }

  /** The context extensions get for the run {@code runId}, reading {@code queryExecution}. */
  private OpenLineageContext context(java.util.UUID runId, QueryExecution queryExecution) {
    return contexts.of(runId, queryExecution);
  }
}
