package io.headwater.spark.agent.pipelines;

import io.headwater.spark.agent.events.RunEventFactory;
import io.headwater.spark.agent.events.StaticEvents;
import io.headwater.spark.agent.runs.LocalPropertyTags;
import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.agent.runs.PipelineFlowJob;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.compat.pipelines.PipelineDataset;
import io.headwater.spark.compat.pipelines.PipelineFlow;
import io.headwater.spark.compat.pipelines.PipelineGraph;
import io.headwater.spark.extensions.LineageExtractor;
import io.headwater.spark.pipelines.PipelineLineage;
import io.headwater.spark.reading.ExecutionLineage;
import io.openlineage.client.OpenLineage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The static lineage of a resolved pipeline graph: one DatasetEvent per dataset it declares ({@link
 * PipelineLineage#declared}), then one JobEvent per flow — job {@code <pipeline>.<flow>} with the
 * flow's job facets, the datasets its query reads (the pipeline's own datasets where it reads them,
 * the files and tables the plan visitors find elsewhere) and its destination with the {@code
 * columnLineage} of the query's columns, read from the resolved query as for any declared job
 * ({@link LineageExtractor#declared}). A flow into a view has jobType {@code VIEW} (it never runs
 * on its own), any other {@code SQL_JOB} as its runs have; processingType {@code STREAMING} for a
 * streaming flow, else {@code BATCH}.
 */
@Internal
public final class PipelineEvents {
  static final String VIEW_JOB = "VIEW";

  private final LineageExtractor extractor;
  private final StaticEvents events;

  public PipelineEvents(LineageExtractor extractor, StaticEvents events) {
    this.extractor = extractor;
    this.events = events;
  }

  /** The static events of one graph: its DatasetEvents, then its JobEvents. */
  record Built(List<OpenLineage.DatasetEvent> datasets, List<OpenLineage.JobEvent> jobs) {
    Built {
      datasets = List.copyOf(datasets);
      jobs = List.copyOf(jobs);
    }
  }

  /**
   * Every static event of {@code graph}, built before any is emitted.
   *
   * @param context the context of the graph's session
   * @param namespace the job namespace
   */
  Built of(
      OpenLineageContext context,
      PipelineGraph graph,
      PipelineLineage lineage,
      String namespace,
      long time) {
    List<OpenLineage.DatasetEvent> datasets = new ArrayList<>();
    List<OpenLineage.JobEvent> jobs = new ArrayList<>();
    for (PipelineDataset dataset : graph.datasets()) {
      datasets.add(
          events
              .openLineage()
              .newDatasetEventBuilder()
              .eventTime(RunEventFactory.time(time))
              .dataset(lineage.declared(dataset))
              .build());
    }
    for (PipelineFlow flow : graph.flows()) {
      Optional<PipelineDataset> destination = lineage.dataset(flow.destination());
      if (destination.isEmpty()) {
        continue; // Spark's validation rejects a flow into an undeclared dataset
      }
      ExecutionLineage declared =
          extractor.declared(
              context,
              flow.query(),
              lineage.output(destination.get()),
              lineage.pipelineInputs(flow));
      PipelineFlowJob flowJob = PipelineFlowJob.of(flow, lineage);
      OpenLineage.Job job =
          events
              .runs()
              .job(
                  namespace,
                  flowJob.name(),
                  jobType(destination.get()),
                  flow.type() == PipelineFlow.Type.STREAMING ? "STREAMING" : "BATCH",
                  flowJob.sql(),
                  LocalPropertyTags.Snapshot.NONE,
                  flowJob::addTo);
      jobs.add(events.jobEvent(time, job, declared.inputs(), declared.outputs()));
    }
    return new Built(datasets, jobs);
  }

  private static String jobType(PipelineDataset destination) {
    return switch (destination.kind()) {
      case TEMPORARY_VIEW, PERSISTED_VIEW -> VIEW_JOB;
      default -> OperationRun.SQL_JOB;
    };
  }
}
