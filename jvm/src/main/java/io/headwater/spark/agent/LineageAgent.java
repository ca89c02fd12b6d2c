package io.headwater.spark.agent;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.config.ConfigKeys;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.facets.StandardDatasetFactory;
import io.headwater.spark.plan.ExecutionLineage;
import io.headwater.spark.plan.LineageExtractor;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.RunEvent.EventType;
import io.openlineage.client.utils.UUIDUtils;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.execution.QueryExecution;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns Spark's application and SQL-execution events into OpenLineage runs. Every public method is called on
 * Spark's listener-bus thread and only queues work on the agent's analysis thread ({@link SerialExecutor}); plan
 * analysis, event assembly and (on the emission thread) serialization and delivery happen there.
 *
 * <p>Each execution that touches a dataset gets exactly one START and one terminal event (COMPLETE, or FAIL with
 * {@code errorMessage}) with one run id; an execution that touches none emits nothing. The application is a run
 * too: START at application start, COMPLETE at its end.
 */
final class LineageAgent {
  private static final Logger LOG = LoggerFactory.getLogger(LineageAgent.class);
  private final HeadwaterConfig config;
  private final ApplicationRun application;
  private final RunEventFactory events;
  private final LineageExtractor extractor;
  private final OpenLineage openLineage;
  private final SerialExecutor analysis;
  private final EmissionQueue emission;
  private final Map<Long, ExecutionRun> executions = new HashMap<>(); // analysis thread only

  LineageAgent(
      HeadwaterConfig config,
      String appName,
      OpenLineage openLineage,
      LineageExtractor extractor,
      EmissionQueue emission,
      String sparkVersion) {
    this.config = config;
    this.openLineage = openLineage;
    this.application =
        new ApplicationRun(UUIDUtils.generateNewUUID(), config.namespace(), JobNames.application(config.appName().orElse(appName)));
    this.events = new RunEventFactory(openLineage, sparkVersion, config.parent());
    this.extractor = extractor;
    this.emission = emission;
    this.analysis = new SerialExecutor("headwater-analysis", config.emit().queueCapacity());
  }

  void applicationStart(long time) {
    analysis.submit(() -> emission.submit(events.applicationEvent(EventType.START, time, application)));
  }

  /** Emits the application's COMPLETE and waits, at most the configured close time-out, for delivery. */
  void applicationEnd(long time) {
    analysis.submit(() -> emission.submit(events.applicationEvent(EventType.COMPLETE, time, application)));
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

  /** @param queryExecution the execution's query execution if Spark still has it, else null */
  void executionStart(long executionId, long time, QueryExecution queryExecution) {
    analysis.submit(() -> onExecutionStart(executionId, time, queryExecution));
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

  private void onExecutionStart(long executionId, long time, QueryExecution queryExecution) {
    ExecutionRun run = new ExecutionRun(UUIDUtils.generateNewUUID(), time);
    executions.put(executionId, run);
    if (queryExecution != null) {
      analyse(run, queryExecution);
      emitStart(run);
    }
  }

  private void onExecutionEnd(long executionId, long time, QueryExecution queryExecution, Throwable failure) {
    ExecutionRun run = executions.remove(executionId);
    if (run == null) {
      // The start was never seen (the agent was attached late): the run is opened and closed now.
      run = new ExecutionRun(UUIDUtils.generateNewUUID(), time);
    }
    if (!run.analysed()) {
      if (queryExecution == null) {
        return;
      }
      analyse(run, queryExecution);
      emitStart(run);
    }
    if (run.lineage.isEmpty()) {
      return;
    }
    EventType type = failure == null ? EventType.COMPLETE : EventType.FAIL;
    emission.submit(
        events.executionEvent(
            type, time, run.runId, run.jobName, application, run.lineage.inputs(), run.lineage.outputs(), failure));
  }

  private void analyse(ExecutionRun run, QueryExecution queryExecution) {
    OpenLineageContext context =
        new OpenLineageContext(
            openLineage,
            queryExecution.sparkSession().sparkContext(),
            Optional.of(queryExecution.sparkSession()),
            application.runId(),
            run.runId,
            Optional.of(queryExecution),
            new StandardDatasetFactory(openLineage));
    ExecutionLineage lineage = extractor.extract(context, queryExecution.optimizedPlan());
    run.lineage = lineage;
    run.jobName = JobNames.execution(application.jobName(), queryExecution.executedPlan(), lineage.jobNameSuffix());
  }

  private void emitStart(ExecutionRun run) {
    if (!run.lineage.isEmpty()) {
      emission.submit(
          events.executionEvent(
              EventType.START, run.startTime, run.runId, run.jobName, application, run.lineage.inputs(), run.lineage.outputs(), null));
    }
  }
}
