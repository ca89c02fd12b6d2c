package io.headwater.spark.agent;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.compat.StreamingPlans;
import io.headwater.spark.config.JobNameStyle;
import io.headwater.spark.config.MetadataSettings;
import io.headwater.spark.config.RuntimeSettings;
import io.headwater.spark.extensions.LineageExtractor;
import io.headwater.spark.extensions.RunContexts;
import io.headwater.spark.logging.OnceLog;
import io.headwater.spark.naming.JobNames;
import io.headwater.spark.reading.ExecutionLineage;
import io.headwater.spark.reading.PlanReading;
import org.apache.spark.sql.execution.QueryExecution;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads SQL executions into their runs: the one plan walk of an execution ({@link
 * LineageExtractor#read}) and what the run keeps of it — datasets, job-name plan part, static kind,
 * redacted SQL text, {@code spark_properties} — with the context extensions get for the run. On the
 * analysis thread only.
 */
final class RunReading {
  private static final Logger LOG = LoggerFactory.getLogger(RunReading.class);
  private static final OnceLog INVALID_SESSION_SETTING = new OnceLog(LOG);

  private final LineageExtractor extractor;
  private final RunContexts contexts;
  private final SparkPropertiesCapture properties;
  private final MetadataSettings.DdlEvents configuredDdl;
  private final JobNameStyle jobNameStyle;

  RunReading(
      LineageExtractor extractor,
      RunContexts contexts,
      SparkPropertiesCapture properties,
      MetadataSettings.DdlEvents configuredDdl,
      JobNameStyle jobNameStyle) {
    this.extractor = extractor;
    this.contexts = contexts;
    this.properties = properties;
    this.configuredDdl = configuredDdl;
    this.jobNameStyle = jobNameStyle;
  }

  /** Reads the root execution of {@code run}: its datasets, plan part, kind, SQL, properties. */
  void root(ExecutionRun run, QueryExecution execution) {
    PlanReading reading = extractor.read(context(run, execution), execution, ddlMode(execution));
    log(run, execution, reading.lineage());
    run.lineage = reading.lineage().merge(run.lineage);
    run.planPart =
        jobNameStyle == JobNameStyle.HEADWATER
            ? reading.planPart()
            : JobNames.planPart(execution.executedPlan(), jobNameStyle);
    run.staticKind = reading.staticKind();
    run.properties = properties.forSession(execution.sparkSession());
    run.sql = reading.sql(); // redacted with the rest of the event when it is emitted
  }

  /**
   * Reads what an execution whose analysis failed ({@link FailedAnalysis}) gives without touching
   * its analysis: the plan part from its parsed plan's root ({@link JobNames#parsedPlanPart}), its
   * SQL text, the session's properties. Its context gives extensions no {@code QueryExecution}.
   *
   * @param execution its query execution, or null when Spark no longer had it (then only the run is
   *     marked)
   */
  void failedAnalysis(ExecutionRun run, QueryExecution execution) {
    run.analysisFailed = true;
    context(run);
    if (execution != null) {
      run.planPart = JobNames.parsedPlanPart(execution.logical());
      run.sql = PlanReading.sqlText(execution);
      run.properties = properties.forSession(execution.sparkSession());
    }
  }

  /** Adds the datasets of an execution nested under {@code run}'s root to the run. */
  void nested(ExecutionRun run, QueryExecution execution) {
    run.lineage = run.lineage.merge(lineage(run, execution));
  }

  /** Adds the datasets of a streaming micro-batch to its query's run. */
  void microBatch(ExecutionRun run, QueryExecution execution, StreamingPlans.MicroBatch batch) {
    // a text file-stream source reads like a schema-inference read (same internal option); a
    // micro-batch never is one
    ExecutionLineage lineage = extractor.extract(context(run, execution), batch.plan(), false);
    log(run, execution, lineage);
    run.lineage = run.lineage.merge(lineage);
    if (jobNameStyle == JobNameStyle.OPENLINEAGE && !run.started()) {
      // openlineage-spark names a streaming run after its micro-batch's executed plan
      run.planPart = JobNames.planPart(execution.executedPlan(), jobNameStyle);
    }
    if (run.properties == null) {
      run.properties = properties.forSession(execution.sparkSession());
    }
  }

  /**
   * The lineage of metadata-only DDL once it ran (the catalog's new state), for its static events.
   */
  ExecutionLineage afterDdl(ExecutionRun run, QueryExecution execution) {
    return lineage(run, execution);
  }

  /** The context extensions get for {@code run}: the root execution's once it was read. */
  OpenLineageContext context(ExecutionRun run) {
    if (run.context == null) {
      run.context = contexts.of(run.runId, null);
    }
    return run.context;
  }

  private ExecutionLineage lineage(ExecutionRun run, QueryExecution execution) {
    ExecutionLineage lineage =
        extractor.extract(context(run, execution), execution.optimizedPlan(), true);
    log(run, execution, lineage);
    return lineage;
  }

  private OpenLineageContext context(ExecutionRun run, QueryExecution execution) {
    OpenLineageContext context = contexts.of(run.runId, execution);
    if (run.context == null || run.context.queryExecution().isEmpty()) {
      run.context = context;
    }
    return context;
  }

  private MetadataSettings.DdlEvents ddlMode(QueryExecution execution) {
    return RuntimeSettings.ddlMode(
        key -> execution.sparkSession().conf().get(key, null),
        configuredDdl,
        (key, reason) ->
            INVALID_SESSION_SETTING.warn(
                key + " " + reason, "Headwater: session setting {} ignored: {}", key, reason));
  }

  private static void log(ExecutionRun run, QueryExecution execution, ExecutionLineage lineage) {
    if (LOG.isDebugEnabled()) {
      LOG.debug(
          "Headwater: run {}: executed plan root {}, {} input(s), {} output(s)",
          run.runId,
          execution.executedPlan().nodeName(),
          lineage.inputs().size(),
          lineage.outputs().size());
    }
  }
}
