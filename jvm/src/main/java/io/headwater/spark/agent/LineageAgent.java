package io.headwater.spark.agent;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.config.ConfigKeys;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.facets.SqlRedaction;
import io.headwater.spark.facets.StandardDatasetFactory;
import io.headwater.spark.plan.ExecutionLineage;
import io.headwater.spark.plan.LineageExtractor;
import io.headwater.spark.plan.CatalogTables;
import io.headwater.spark.plan.ScanStatistics;
import io.headwater.spark.plan.SchemaInference;
import io.headwater.spark.plan.TableVersions;
import io.headwater.spark.plan.DatasetStatistics;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.RunEvent.EventType;
import io.openlineage.client.utils.UUIDUtils;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.QueryExecution;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns Spark's application and SQL-execution events into OpenLineage runs. Every public method is called on
 * Spark's listener-bus thread and only queues work on the agent's analysis thread ({@link SerialExecutor}); plan
 * analysis, event assembly and (on the emission thread) serialization and delivery happen there.
 *
 * <p>Each operation that touches a dataset gets exactly one START and one terminal event (COMPLETE, or FAIL with
 * {@code errorMessage}) with one run id; an operation that touches none emits nothing, and neither do the reads Spark
 * runs to infer a schema ({@link SchemaInference}). An operation is a top-level SQL execution together with the
 * executions Spark nests under it ({@link ExecutionRun}). The application is a run too: START at application start,
 * COMPLETE at its end. Terminal events carry the {@code version} facet of outputs that are Delta or Iceberg tables
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
  // analysis thread only: runs by root execution id, nested execution id -> root id, nested ids already read
  private final Map<Long, ExecutionRun> executions = new HashMap<>();
  private final Map<Long, Long> nestedUnder = new HashMap<>();
  private final java.util.Set<Long> nestedRead = new java.util.HashSet<>();

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
        new ApplicationRun(UUIDUtils.generateNewUUID(), config.namespace(), JobNames.application(config.appName().orElse(appName)));
    this.events = new RunEventFactory(openLineage, sparkVersion, config.parent());
    this.properties = properties;
    this.extractor = extractor;
    this.emission = emission;
    this.analysis = new SerialExecutor("headwater-analysis", config.emit().queueCapacity());
  }

  void applicationStart(long time) {
    analysis.submit(() -> emission.submit(events.applicationEvent(EventType.START, time, application, properties.forApplication())));
  }

  /** Emits the application's COMPLETE and waits, at most the configured close time-out, for delivery. */
  void applicationEnd(long time) {
    analysis.submit(() -> emission.submit(events.applicationEvent(EventType.COMPLETE, time, application, properties.forApplication())));
    Duration timeout = config.emit().closeTimeout();
    long deadline = System.nanoTime() + timeout.toNanos();
    analysis.shutdown(timeout);
    int undelivered = emission.close(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
    if (undelivered > 0) {
      LOG.warn(
          "Headwater: {} lineage event(s) still queued after {} ms at application end were not delivered ({})",
          undelivered,
          timeout.toMillis(),
          ConfigKeys.EMIT_CLOSE_TIMEOUT_MILLIS.sparkKey());
    }
  }

  /**
   * @param rootExecutionId the execution this one is nested under (itself for a top-level execution)
   * @param queryExecution the execution's query execution if Spark still has it, else null
   */
  void executionStart(long executionId, long rootExecutionId, long time, QueryExecution queryExecution) {
    analysis.submit(() -> onExecutionStart(executionId, rootExecutionId, time, queryExecution));
  }

  /** @param failure why the execution failed, or null when it succeeded */
  void executionEnd(long executionId, long time, QueryExecution queryExecution, Throwable failure) {
    analysis.submit(() -> onExecutionEnd(executionId, time, queryExecution, failure));
  }

  /** Waits, at most {@code timeout} in all, until the work and events queued before the call are done. */
  boolean flush(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    return analysis.drain(timeout) && emission.drain(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
  }

  private void onExecutionStart(long executionId, long rootExecutionId, long time, QueryExecution queryExecution) {
    ExecutionRun root = rootExecutionId == executionId ? null : executions.get(rootExecutionId);
    LOG.debug("Headwater: execution {} started (root {}, nested under a tracked run: {})", executionId, rootExecutionId, root != null);
    if (root != null) {
      nestedUnder.put(executionId, rootExecutionId);
      if (queryExecution != null) {
        nestedRead.add(executionId);
        root.lineage = root.lineage.merge(lineageOf(root, queryExecution));
        emitStartWhenReady(root);
      }
      return;
    }
    ExecutionRun run = new ExecutionRun(UUIDUtils.generateNewUUID(), time);
    executions.put(executionId, run);
    if (queryExecution != null) {
      readRoot(run, queryExecution);
      emitStartWhenReady(run);
    }
  }

  private void onExecutionEnd(long executionId, long time, QueryExecution queryExecution, Throwable failure) {
    Long rootId = nestedUnder.remove(executionId);
    if (rootId != null) {
      ExecutionRun root = executions.get(rootId);
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
    if (run == null) {
      // The start was never seen (the agent was attached late): the run is opened and closed now.
      run = new ExecutionRun(UUIDUtils.generateNewUUID(), time);
    }
    if (run.planPart == null && queryExecution != null) {
      readRoot(run, queryExecution);
    }
    emitStartWhenReady(run);
    if (!run.started()) {
      return; // touched no dataset: no events
    }
    if (queryExecution != null) {
      addStatistics(run, queryExecution);
      run.lineage =
          run.lineage.withOutputs(
              TableVersions.attach(openLineage, run.lineage.outputs(), queryExecution.sparkSession().sessionState().newHadoopConf()));
    }
    EventType type = failure == null ? EventType.COMPLETE : EventType.FAIL;
    emission.submit(events.executionEvent(type, time, run, application, failure));
  }

  private static void addStatistics(ExecutionRun run, QueryExecution queryExecution) {
    DatasetStatistics.written(queryExecution.executedPlan())
        .ifPresent(stats -> run.written = Optional.of(run.written.map(stats::plus).orElse(stats)));
    ScanStatistics.of(queryExecution.executedPlan(), new CatalogTables(queryExecution.sparkSession()))
        .forEach((key, stats) -> run.read.merge(key, stats, DatasetStatistics::plus));
  }

  /** Reads the root execution of a run: the plan part of its job name and its datasets. */
  private void readRoot(ExecutionRun run, QueryExecution queryExecution) {
    run.lineage = lineageOf(run, queryExecution).merge(run.lineage);
    run.planPart = JobNames.planPart(queryExecution.executedPlan());
    run.properties = properties.forSession(queryExecution.sparkSession());
    scala.Option<String> sqlText = queryExecution.logical().origin().sqlText();
    run.sql = sqlText.isDefined() ? Optional.of(SqlRedaction.redact(sqlText.get())) : Optional.empty();
  }

  private void emitStartWhenReady(ExecutionRun run) {
    if (run.started() || run.planPart == null || run.lineage.isEmpty()) {
      return;
    }
    run.jobName = JobNames.execution(application.jobName(), run.planPart, run.lineage.jobNameSuffix());
    emission.submit(events.executionEvent(EventType.START, run.startTime, run, application, null));
  }

  private ExecutionLineage lineageOf(ExecutionRun run, QueryExecution queryExecution) {
    LogicalPlan plan = queryExecution.optimizedPlan();
    if (SchemaInference.isSchemaInference(plan)) {
      LOG.debug("Headwater: run {}: schema inference read, no lineage", run.runId);
      return ExecutionLineage.EMPTY;
    }
    OpenLineageContext context =
        new OpenLineageContext(
            openLineage,
            queryExecution.sparkSession().sparkContext(),
            Optional.of(queryExecution.sparkSession()),
            application.runId(),
            run.runId,
            Optional.of(queryExecution),
            new StandardDatasetFactory(openLineage));
    ExecutionLineage lineage = extractor.extract(context, plan);
    if (LOG.isDebugEnabled()) {
      LOG.debug(
          "Headwater: run {}: optimized plan root {}, executed plan root {}, {} input(s), {} output(s)",
          run.runId,
          plan.getClass().getName(),
          queryExecution.executedPlan().nodeName(),
          lineage.inputs().size(),
          lineage.outputs().size());
    }
    return lineage;
  }
}
