package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.compat.StreamingPlans;
import io.headwater.spark.config.JobNameStyle;
import io.headwater.spark.config.MetadataSettings;
import io.headwater.spark.config.RuntimeSettings;
import io.headwater.spark.extensions.CustomFacets;
import io.headwater.spark.extensions.LineageExtractor;
import io.headwater.spark.extensions.RunContexts;
import io.headwater.spark.logging.OnceLog;
import io.headwater.spark.naming.JobNames;
import io.headwater.spark.naming.NameNormalizer;
import io.headwater.spark.reading.ExecutionLineage;
import io.headwater.spark.reading.ExecutionSummary;
import io.headwater.spark.reading.walk.ConnectorRegistry;
import io.headwater.spark.tables.TableVersions;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one writer of a run's {@link RunFindings}: reads SQL executions into their runs. It runs the
 * one plan walk of an execution ({@link LineageExtractor#read}) and keeps what the run needs of it
 * — datasets, job-name plan part and prefix, static kind, redacted SQL text, {@code
 * spark_properties} — with the context extensions get for the run, what the extensions' builders
 * add, and the written tables' versions. On the analysis thread only.
 */
@Internal
public final class RunFindingsWriter {
  private static final Logger LOG = LoggerFactory.getLogger(RunFindingsWriter.class);
  private static final OnceLog INVALID_SESSION_SETTING = new OnceLog(LOG);

  private final LineageExtractor extractor;
  private final RunContexts contexts;
  private final SparkPropertiesCapture properties;
  private final MetadataSettings.DdlEvents configuredDdl;
  private final JobNameStyle jobNameStyle;
  private final ConnectClients connectClients;
  private final OpenLineage openLineage;

  public RunFindingsWriter(
      LineageExtractor extractor,
      RunContexts contexts,
      SparkPropertiesCapture properties,
      MetadataSettings.DdlEvents configuredDdl,
      JobNameStyle jobNameStyle,
      ConnectClients connectClients,
      OpenLineage openLineage) {
    this.extractor = extractor;
    this.contexts = contexts;
    this.properties = properties;
    this.configuredDdl = configuredDdl;
    this.jobNameStyle = jobNameStyle;
    this.connectClients = connectClients;
    this.openLineage = openLineage;
  }

  /** The agent's connectors, asked what the agent reads beside the plan walk. */
  public ConnectorRegistry connectors() {
    return extractor.connectors();
  }

  /**
   * Reads the root execution of {@code run} at its start: what {@link #root} reads, and what names
   * the run — a Spark Connect client's prefix ({@link ConnectClients}) and the read action of its
   * call site ({@link JobNames#readAction}).
   *
   * @param event Spark's start event ({@code SparkListenerSQLExecutionStart}); any other object
   *     gives no prefix and no call site
   */
  public void rootAtStart(OperationRun run, QueryExecution execution, Object event) {
    root(run, execution);
    String description = null;
    if (event instanceof SparkListenerSQLExecutionStart start) {
      run.findings.setJobNamePrefix(connectClients.jobNamePrefix(start, execution));
      description = start.description();
    }
    run.findings.setReadAction(
        JobNames.readAction(description, execution.analyzed(), execution.executedPlan()));
  }

  /** Reads the root execution of {@code run}: its datasets, plan part, kind, SQL, properties. */
  public void root(OperationRun run, QueryExecution execution) {
    ExecutionSummary summary =
        extractor.read(context(run, execution), execution, ddlMode(execution));
    log(run, execution, summary.lineage());
    RunFindings found = run.findings;
    found.setLineage(summary.lineage().merge(found.lineage()));
    found.setPlanPart(
        jobNameStyle == JobNameStyle.HEADWATER
            ? summary.planPart()
            : JobNames.planPart(execution.executedPlan(), jobNameStyle));
    found.setStaticKind(summary.staticKind());
    found.setRootClass(execution.optimizedPlan().getClass().getName());
    found.setProperties(properties.forSession(execution.sparkSession()));
    found.setSql(summary.sql()); // redacted with the rest of the event when it is emitted
  }

  /**
   * Reads what an execution whose analysis failed ({@link FailedAnalysis}) gives without touching
   * its analysis: the plan part from its parsed plan's root ({@link JobNames#parsedPlanPart}), its
   * SQL text, the session's properties, and at its start a Spark Connect client's prefix. Its
   * context gives extensions no {@code QueryExecution}.
   *
   * @param execution its query execution, or null when Spark no longer had it (then only the run is
   *     marked)
   * @param event Spark's start or end event
   */
  public void failedAnalysis(OperationRun run, QueryExecution execution, Object event) {
    RunFindings found = run.findings;
    found.setAnalysisFailed();
    context(run);
    if (execution != null) {
      found.setPlanPart(JobNames.parsedPlanPart(execution.logical()));
      found.setSql(ExecutionSummary.sqlText(execution));
      found.setProperties(properties.forSession(execution.sparkSession()));
      if (event instanceof SparkListenerSQLExecutionStart start) {
        found.setJobNamePrefix(connectClients.jobNamePrefix(start, execution));
      }
    }
  }

  /** Adds the datasets of an execution nested under {@code run}'s root to the run. */
  public void nested(OperationRun run, QueryExecution execution) {
    run.findings.setLineage(run.findings.lineage().merge(lineage(run, execution)));
  }

  /**
   * Adds the datasets read for {@code child}, a run of its own nested under {@code parent}'s
   * execution (a row-level write in a {@code foreachBatch} function), to {@code parent} as well.
   */
  public void folded(OperationRun parent, OperationRun child) {
    parent.findings.setLineage(parent.findings.lineage().merge(child.findings.lineage()));
  }

  /**
   * Adds the datasets of a streaming micro-batch to its query's run; the first names it: by the
   * query's name, else the micro-batch's write node (openlineage-spark's style: by the executed
   * plan of each micro-batch until the run started).
   */
  public void microBatch(
      OperationRun run, QueryExecution execution, StreamingPlans.MicroBatch batch) {
    // a text file-stream source reads like a schema-inference read (same internal option); a
    // micro-batch never is one
    ExecutionLineage lineage = extractor.extract(context(run, execution), batch.plan(), false);
    log(run, execution, lineage);
    RunFindings found = run.findings;
    found.setLineage(found.lineage().merge(lineage));
    if (jobNameStyle == JobNameStyle.OPENLINEAGE && !run.started()) {
      // openlineage-spark names a streaming run after its micro-batch's executed plan
      found.setPlanPart(JobNames.planPart(execution.executedPlan(), jobNameStyle));
    } else if (found.planPart() == null) {
      String name = run.streamingQueryName;
      found.setPlanPart(NameNormalizer.normalize(name != null ? name : batch.plan().nodeName()));
    }
    if (found.properties() == null) {
      found.setProperties(properties.forSession(execution.sparkSession()));
    }
  }

  /** An RDD job's run ({@code RddJobRuns}): the application's {@code spark_properties}. */
  public void rddJob(OperationRun run) {
    run.findings.setProperties(properties.forApplication());
  }

  /** Adds what the extensions' dataset and facet builders gave ({@link RunBuilders}) to the run. */
  void built(OperationRun run, ExecutionLineage lineage, CustomFacets facets) {
    run.findings.setLineage(run.findings.lineage().merge(lineage));
    run.findings.setFacets(run.findings.facets().merge(facets));
  }

  /**
   * The run's outputs with the tables' versions after the root execution wrote them, as the
   * connectors read them ({@link TableVersions}); empty when the run has no output. Read before the
   * tracker decides, kept for the run's terminal event ({@link #outputsAtEnd}).
   */
  public Optional<List<OpenLineage.OutputDataset>> versionedOutputs(
      OperationRun run, QueryExecution execution) {
    List<OpenLineage.OutputDataset> outputs = run.findings.lineage().outputs();
    if (outputs.isEmpty()) {
      return Optional.empty();
    }
    Configuration hadoopConf = execution.sparkSession().sessionState().newHadoopConf();
    return Optional.of(
        TableVersions.attach(
            openLineage,
            outputs,
            (namespace, name) -> connectors().tableVersion(namespace, name, hadoopConf)));
  }

  /**
   * The run's outputs for its terminal event: {@code outputs}, read by {@link #versionedOutputs}.
   */
  public void outputsAtEnd(OperationRun run, List<OpenLineage.OutputDataset> outputs) {
    run.findings.setLineage(run.findings.lineage().withOutputs(outputs));
  }

  /**
   * The lineage of metadata-only DDL once it ran (the catalog's new state), for its static events.
   */
  public ExecutionLineage afterDdl(OperationRun run, QueryExecution execution) {
    return lineage(run, execution);
  }

  /** The context extensions get for {@code run}: the root execution's once it was read. */
  OpenLineageContext context(OperationRun run) {
    if (run.findings.context() == null) {
      run.findings.setContext(contexts.of(run.runId, null));
    }
    return run.findings.context();
  }

  private ExecutionLineage lineage(OperationRun run, QueryExecution execution) {
    ExecutionLineage lineage =
        extractor.extract(context(run, execution), execution.optimizedPlan(), true);
    log(run, execution, lineage);
    return lineage;
  }

  private OpenLineageContext context(OperationRun run, QueryExecution execution) {
    OpenLineageContext context = contexts.of(run.runId, execution);
    OpenLineageContext kept = run.findings.context();
    if (kept == null || kept.queryExecution().isEmpty()) {
      run.findings.setContext(context);
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

  private static void log(OperationRun run, QueryExecution execution, ExecutionLineage lineage) {
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
