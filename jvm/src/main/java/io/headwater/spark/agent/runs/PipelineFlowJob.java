package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.pipelines.PipelineFlow;
import io.headwater.spark.facets.SparkPipelineJobFacet;
import io.headwater.spark.pipelines.PipelineLineage;
import io.openlineage.client.OpenLineage;
import java.util.Objects;
import java.util.Optional;

/**
 * The job of a flow of a Spark Declarative Pipeline, the same in its JobEvent and in its runs: its
 * name, its job facets ({@code headwater_sparkPipeline}, {@code sourceCodeLocation}) and, for a
 * flow defined in SQL, its SQL text (redacted).
 *
 * @param name {@code <pipeline>.<flow>}
 */
@Internal
public record PipelineFlowJob(
    String name,
    SparkPipelineJobFacet facet,
    Optional<OpenLineage.SourceCodeLocationJobFacet> location,
    Optional<String> sql) {
  public PipelineFlowJob {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(facet, "facet");
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(sql, "sql");
  }

  /** The job of {@code flow} of the graph {@code lineage} describes. */
  public static PipelineFlowJob of(PipelineFlow flow, PipelineLineage lineage) {
    return new PipelineFlowJob(
        lineage.names().jobName(flow),
        lineage.jobFacet(flow),
        lineage.sourceCodeLocation(flow),
        flow.sql()); // redacted with the whole event (config.Redaction)
  }

  /** Adds the flow's job facets (its location replaces a configured one). */
  public void addTo(OpenLineage.JobFacetsBuilder facets) {
    facets.put(SparkPipelineJobFacet.NAME, facet);
    location.ifPresent(facets::sourceCodeLocation);
  }
}
