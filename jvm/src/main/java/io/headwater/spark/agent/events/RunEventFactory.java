package io.headwater.spark.agent.events;

import io.headwater.spark.agent.runs.ApplicationRun;
import io.headwater.spark.agent.runs.LocalPropertyTags;
import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.agent.runs.PipelineFlowRun;
import io.headwater.spark.agent.runs.PipelineUpdate;
import io.headwater.spark.agent.runs.RunFindings;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.extensions.CustomFacets;
import io.headwater.spark.facets.ColumnLineageSkippedRunFacet;
import io.headwater.spark.facets.Datasets;
import io.headwater.spark.facets.HeadwaterVersion;
import io.headwater.spark.facets.SparkPipelineJobFacet;
import io.headwater.spark.facets.SparkPropertiesRunFacet;
import io.headwater.spark.logging.StackTraces;
import io.headwater.spark.naming.DatasetNameRules;
import io.openlineage.client.OpenLineage;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Assembles RunEvents of the application run, of pipeline updates and of execution runs from their
 * parts, with the facets every run carries: {@code jobType}, {@code processing_engine}, {@code
 * parent}, and {@code errorMessage} on FAIL. The run of a flow of a Spark Declarative Pipeline is a
 * child of its pipeline update's run, with the flow's job facets ({@link PipelineFlowRun}); a
 * row-level write a {@code foreachBatch} function runs is a child of its streaming query's run.
 */
@Internal
public final class RunEventFactory {
  /** The {@code jobType} of a pipeline update's job. */
  static final String PIPELINE_JOB = "PIPELINE";

  private final OpenLineage openLineage;
  private final String sparkVersion;
  private final Optional<HeadwaterConfig.ParentJob> externalParent;
  private final Optional<HeadwaterConfig.ParentJob> rootParent;
  private final JobMetadata metadata;
  private final ApplicationFacets applicationFacets;
  private final OptInRunFacets optInFacets;
  private final StatisticsFacets statistics;
  private final DatasetNameRules names;

  public RunEventFactory(
      OpenLineage openLineage,
      String sparkVersion,
      Optional<HeadwaterConfig.ParentJob> externalParent,
      Optional<HeadwaterConfig.ParentJob> rootParent,
      JobMetadata metadata,
      ApplicationFacets applicationFacets,
      OptInRunFacets optInFacets,
      DatasetNameRules names) {
    this.openLineage = openLineage;
    this.sparkVersion = sparkVersion;
    this.externalParent = externalParent;
    this.rootParent = rootParent;
    this.metadata = metadata;
    this.applicationFacets = applicationFacets;
    this.optInFacets = optInFacets;
    this.statistics = new StatisticsFacets(openLineage);
    this.names = names;
  }

  /**
   * Why a run stopped without failing itself (ABORT, or the application's FAIL when its driver was
   * killed): the {@code errorMessage} facet gets the message and no stack trace.
   */
  static final class Stopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stopped(String reason) {
      super(reason, null, false, false);
    }
  }

  /**
   * START, COMPLETE or FAIL of the application run; its parent is the external parent, when
   * configured, with the configured root (else that parent) as its root. It carries the
   * application's own facets ({@link ApplicationFacets}) for {@code sparkEvent} (Spark's event, or
   * null). The run and job facets extensions reported for the application event are added last
   * (never replacing Headwater's own).
   *
   * @param failure why the application failed (the {@code errorMessage} facet), or null
   */
  public OpenLineage.RunEvent applicationEvent(
      OpenLineage.RunEvent.EventType type,
      long timeMillis,
      ApplicationRun app,
      SparkPropertiesRunFacet properties,
      io.headwater.spark.extensions.CustomFacets extensionFacets,
      Object sparkEvent,
      String failure) {
    OpenLineage.RunFacetsBuilder runFacets =
        openLineage
            .newRunFacetsBuilder()
            .processing_engine(processingEngine())
            .put(SparkPropertiesRunFacet.NAME, properties);
    applicationFacets.of(sparkEvent).forEach(runFacets::put);
    if (failure != null) {
      runFacets.errorMessage(errorMessage(new Stopped(failure)));
    }
    metadata.addTo(runFacets, LocalPropertyTags.Snapshot.NONE);
    externalParent.ifPresent(
        parent -> {
          HeadwaterConfig.ParentJob root = rootParent.orElse(parent);
          runFacets.parent(
              parentFacet(
                  parent.runId(),
                  parent.namespace(),
                  parent.name(),
                  root.runId(),
                  root.namespace(),
                  root.name()));
        });
    return openLineage
        .newRunEventBuilder()
        .eventType(type)
        .eventTime(time(timeMillis))
        .run(openLineage.newRun(app.runId(), extensionFacets.addTo(runFacets.build())))
        .job(
            extensionFacets.addTo(
                openLineage,
                job(
                    app.namespace(),
                    app.jobName(),
                    "APPLICATION",
                    "NONE",
                    Optional.empty(),
                    LocalPropertyTags.Snapshot.NONE)))
        .inputs(List.of())
        .outputs(List.of())
        .build();
  }

  /**
   * An event of an execution run: child of the application run, whose root is the external parent
   * when configured, else the application run. The job gets the {@code sql} facet when the run has
   * SQL text; a terminal event gives a run with one output that output's {@code outputStatistics}
   * and its inputs their {@code inputStatistics}, except figures of zero rows on FAIL (the failed
   * tasks' metrics are lost, so zero means unknown); a RUNNING event (after a streaming run's
   * micro-batch) gives that micro-batch's figures, the terminal event the run's totals. The facets
   * extensions reported for the run ({@link io.headwater.spark.extensions.CustomFacets}) are added
   * last.
   *
   * @param failure the execution's failure, for a FAIL event, or why it stopped ({@link Stopped}),
   *     for an ABORT; null otherwise
   */
  OpenLineage.RunEvent executionEvent(
      OpenLineage.RunEvent.EventType type,
      long timeMillis,
      OperationRun run,
      ApplicationRun app,
      Throwable failure) {
    UUID runId = run.runId;
    RunFindings found = run.findings;
    CustomFacets custom = found.facets();
    List<OpenLineage.OutputDataset> outputs =
        statistics.outputs(type, run.metrics, found.lineage().outputs());
    List<OpenLineage.InputDataset> inputs =
        statistics.inputs(type, run.metrics, found.lineage().inputs());
    HeadwaterConfig.ParentJob root = root(app);
    UUID rootRunId = root.runId();
    String rootNamespace = root.namespace();
    String rootName = root.name();
    PipelineFlowRun flow = run.naming.flow();
    OpenLineage.RunFacetsBuilder runFacets =
        openLineage
            .newRunFacetsBuilder()
            .processing_engine(processingEngine())
            .parent(parentOf(run, app, rootRunId, rootNamespace, rootName));
    if (found.properties() != null) {
      runFacets.put(SparkPropertiesRunFacet.NAME, found.properties());
    }
    metadata.addTo(runFacets, run.naming.localTags());
    if (!found.lineage().columnLineageSkips().isEmpty()) {
      runFacets.put(
          ColumnLineageSkippedRunFacet.NAME,
          new ColumnLineageSkippedRunFacet(
              HeadwaterVersion.PRODUCER, found.lineage().columnLineageSkips()));
    }
    if (failure != null) {
      runFacets.errorMessage(errorMessage(failure));
    }
    optInFacets.addTo(runFacets, type, found.context(), inputs, outputs);
    List<OpenLineage.InputDataset> finalInputs =
        custom.addToInputs(openLineage, inputs).stream()
            .map(input -> Datasets.withFacetObjects(openLineage, input))
            .toList();
    List<OpenLineage.OutputDataset> finalOutputs =
        custom.addToOutputs(openLineage, outputs).stream()
            .map(output -> Datasets.withFacetObjects(openLineage, output))
            .toList();
    java.util.Map<List<String>, List<String>> tables = names.tables(finalInputs, finalOutputs);
    return openLineage
        .newRunEventBuilder()
        .eventType(type)
        .eventTime(time(timeMillis))
        .run(openLineage.newRun(runId, custom.addTo(runFacets.build())))
        .job(
            custom.addTo(
                openLineage,
                job(
                    app.namespace(),
                    run.naming.jobName(),
                    run.jobType,
                    run.processingType,
                    run.sql(),
                    run.naming.localTags(),
                    flow == null ? facets -> {} : flow.job()::addTo)))
        .inputs(names.apply(finalInputs, OpenLineage.InputDataset.class, tables))
        .outputs(names.apply(finalOutputs, OpenLineage.OutputDataset.class, tables))
        .build();
  }

  /**
   * START, COMPLETE, FAIL (with {@code errorMessage} {@code error}) or ABORT of a pipeline update:
   * job {@code update.jobName()} (jobType {@code PIPELINE}/{@code BATCH}, {@code
   * headwater_sparkPipeline}), child of the application run.
   */
  public OpenLineage.RunEvent pipelineUpdateEvent(
      OpenLineage.RunEvent.EventType type,
      long timeMillis,
      PipelineUpdate update,
      ApplicationRun app,
      Optional<String> error) {
    HeadwaterConfig.ParentJob root = root(app);
    UUID rootRunId = root.runId();
    String rootNamespace = root.namespace();
    String rootName = root.name();
    OpenLineage.RunFacetsBuilder runFacets =
        openLineage
            .newRunFacetsBuilder()
            .processing_engine(processingEngine())
            .parent(
                parentFacet(
                    app.runId(),
                    app.namespace(),
                    app.jobName(),
                    rootRunId,
                    rootNamespace,
                    rootName));
    metadata.addTo(runFacets, LocalPropertyTags.Snapshot.NONE);
    error.ifPresent(
        message ->
            runFacets.errorMessage(openLineage.newErrorMessageRunFacet(message, "JAVA", null)));
    return openLineage
        .newRunEventBuilder()
        .eventType(type)
        .eventTime(time(timeMillis))
        .run(openLineage.newRun(update.runId(), runFacets.build()))
        .job(
            job(
                app.namespace(),
                update.jobName(),
                PIPELINE_JOB,
                "BATCH",
                Optional.empty(),
                LocalPropertyTags.Snapshot.NONE,
                facets -> facets.put(SparkPipelineJobFacet.NAME, update.facet())))
        .inputs(List.of())
        .outputs(List.of())
        .build();
  }

  public OpenLineage.Job job(
      String namespace,
      String name,
      String jobType,
      String processingType,
      Optional<String> sql,
      LocalPropertyTags.Snapshot localTags) {
    return job(namespace, name, jobType, processingType, sql, localTags, facets -> {});
  }

  /**
   * A job with Headwater's job facets ({@code jobType} with integration {@code SPARK}, {@code sql}
   * when given, the user's metadata) and then those {@code more} adds, which win over the others.
   */
  public OpenLineage.Job job(
      String namespace,
      String name,
      String jobType,
      String processingType,
      Optional<String> sql,
      LocalPropertyTags.Snapshot localTags,
      java.util.function.Consumer<OpenLineage.JobFacetsBuilder> more) {
    OpenLineage.JobFacetsBuilder facets =
        openLineage
            .newJobFacetsBuilder()
            .jobType(
                openLineage
                    .newJobTypeJobFacetBuilder()
                    .jobType(jobType)
                    .processingType(processingType)
                    .integration("SPARK")
                    .build());
    sql.ifPresent(
        query ->
            facets.sql(openLineage.newSQLJobFacetBuilder().query(query).dialect("spark").build()));
    metadata.addTo(facets, localTags);
    more.accept(facets);
    return openLineage
        .newJobBuilder()
        .namespace(namespace)
        .name(name)
        .facets(facets.build())
        .build();
  }

  /**
   * The root of every run below the application run: the configured root ({@code rootParent*}, each
   * part falling back to {@code parent*}), else the application run.
   */
  private HeadwaterConfig.ParentJob root(ApplicationRun app) {
    return rootParent.orElseGet(
        () -> new HeadwaterConfig.ParentJob(app.namespace(), app.jobName(), app.runId()));
  }

  /** The user's dataset-name rules, applied to every dataset of every event. */
  DatasetNameRules names() {
    return names;
  }

  private OpenLineage.ProcessingEngineRunFacet processingEngine() {
    return openLineage.newProcessingEngineRunFacet(sparkVersion, "spark", HeadwaterVersion.VERSION);
  }

  /**
   * The parent of an execution run: the streaming query's run whose micro-batch ran it (once that
   * run has its job name), the pipeline update whose flow it executes, else the application run.
   */
  private OpenLineage.ParentRunFacet parentOf(
      OperationRun run, ApplicationRun app, UUID rootRunId, String rootNamespace, String rootName) {
    PipelineFlowRun flow = run.naming.flow();
    if (run.parent != null && run.parent.started()) {
      return parentFacet(
          run.parent.runId,
          app.namespace(),
          run.parent.naming.jobName(),
          rootRunId,
          rootNamespace,
          rootName);
    }
    if (flow != null) {
      return parentFacet(
          flow.updateRunId(),
          app.namespace(),
          flow.updateJobName(),
          rootRunId,
          rootNamespace,
          rootName);
    }
    return parentFacet(
        app.runId(), app.namespace(), app.jobName(), rootRunId, rootNamespace, rootName);
  }

  private OpenLineage.ParentRunFacet parentFacet(
      UUID runId,
      String namespace,
      String name,
      UUID rootRunId,
      String rootNamespace,
      String rootName) {
    return openLineage
        .newParentRunFacetBuilder()
        .run(openLineage.newParentRunFacetRunBuilder().runId(runId).build())
        .job(openLineage.newParentRunFacetJobBuilder().namespace(namespace).name(name).build())
        .root(
            openLineage.newParentRunFacetRoot(
                openLineage.newRootRunBuilder().runId(rootRunId).build(),
                openLineage.newRootJobBuilder().namespace(rootNamespace).name(rootName).build()))
        .build();
  }

  public static ZonedDateTime time(long millis) {
    return Instant.ofEpochMilli(millis).atZone(ZoneOffset.UTC);
  }

  /**
   * The {@code errorMessage} facet of {@code failure}: its message and stack trace (redacted with
   * the rest of the event when it is emitted); a {@link Stopped} reason has no stack trace.
   */
  private OpenLineage.ErrorMessageRunFacet errorMessage(Throwable failure) {
    String message =
        failure.getMessage() == null ? failure.getClass().getName() : failure.getMessage();
    return openLineage.newErrorMessageRunFacet(
        message, "JAVA", failure instanceof Stopped ? null : StackTraces.render(failure));
  }
}
