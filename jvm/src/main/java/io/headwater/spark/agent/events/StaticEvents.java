package io.headwater.spark.agent.events;

import io.headwater.spark.agent.runs.LocalPropertyTags;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.reading.ExecutionLineage;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;

/**
 * The static-lineage events of the OpenLineage spec 2-0-2 (the "RunEvent-less metadata emission"
 * proposal): a {@code DatasetEvent} carries a dataset's metadata outside any run, a {@code
 * JobEvent} a job's declared inputs and outputs without running it. Used for metadata-only DDL
 * ({@code Connector#changesOnlyTableMetadata}), for the graphs of Spark Declarative Pipelines
 * ({@link PipelineEvents}) and by the Python API.
 */
@Internal
public final class StaticEvents {

  private final OpenLineage openLineage;
  private final RunEventFactory runs;

  public StaticEvents(OpenLineage openLineage, RunEventFactory runs) {
    this.openLineage = openLineage;
    this.runs = runs;
  }

  /** The model factory the events are built with. */
  public OpenLineage openLineage() {
    return openLineage;
  }

  /** A DatasetEvent for {@code dataset}'s namespace, name and dataset facets. */
  public OpenLineage.DatasetEvent datasetEvent(long timeMillis, OpenLineage.Dataset dataset) {
    return openLineage
        .newDatasetEventBuilder()
        .eventTime(RunEventFactory.time(timeMillis))
        .dataset(
            runs.names()
                .apply(
                    List.of(
                        openLineage.newStaticDataset(
                            dataset.getNamespace(), dataset.getName(), dataset.getFacets())),
                    OpenLineage.StaticDataset.class)
                .get(0))
        .build();
  }

  /**
   * A JobEvent: the job {@code namespace}/{@code name} with its job facets ({@code jobType} {@code
   * jobType}/BATCH/SPARK, {@code sql} when given, the user's tags and owners), {@code lineage}'s
   * inputs and outputs.
   */
  public OpenLineage.JobEvent jobEvent(
      long timeMillis,
      String namespace,
      String name,
      String jobType,
      List<OpenLineage.InputDataset> inputs,
      List<OpenLineage.OutputDataset> outputs,
      Optional<String> sql,
      LocalPropertyTags.Snapshot localTags) {
    return jobEvent(
        timeMillis, runs.job(namespace, name, jobType, "BATCH", sql, localTags), inputs, outputs);
  }

  /** A JobEvent of {@code job} (built with {@link RunEventFactory#job}) and its datasets. */
  public OpenLineage.JobEvent jobEvent(
      long timeMillis,
      OpenLineage.Job job,
      List<OpenLineage.InputDataset> inputs,
      List<OpenLineage.OutputDataset> outputs) {
    java.util.Map<List<String>, List<String>> tables = runs.names().tables(inputs, outputs);
    return openLineage
        .newJobEventBuilder()
        .eventTime(RunEventFactory.time(timeMillis))
        .job(job)
        .inputs(runs.names().apply(inputs, OpenLineage.InputDataset.class, tables))
        .outputs(runs.names().apply(outputs, OpenLineage.OutputDataset.class, tables))
        .build();
  }

  /** The factory of the jobs these events describe. */
  public RunEventFactory runs() {
    return runs;
  }

  /** {@link #jobEvent} of an execution's lineage. */
  public OpenLineage.JobEvent jobEvent(
      long timeMillis,
      String namespace,
      String name,
      ExecutionLineage lineage,
      Optional<String> sql,
      LocalPropertyTags.Snapshot tags) {
    return jobEvent(
        timeMillis, namespace, name, "VIEW", lineage.inputs(), lineage.outputs(), sql, tags);
  }
}
