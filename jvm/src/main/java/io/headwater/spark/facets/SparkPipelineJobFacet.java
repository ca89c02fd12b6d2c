package io.headwater.spark.facets;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.pipelines.PipelineDefinition;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code headwater_sparkPipeline} job facet: the Spark Declarative Pipeline a job belongs to.
 * On the job of a pipeline update only {@code pipeline}; on the job of a flow also the flow, its
 * type, its destination and where it is defined. Shape: {@code {"pipeline": "shop", "flow":
 * "spark_catalog.default.orders", "flowType": "COMPLETE"|"STREAMING"|"APPEND_ONCE", "destination":
 * "spark_catalog.default.orders", "destinationKind": "MATERIALIZED_VIEW"|..., "definition":
 * {"file": "transformations/orders.py", "line": 8, "language": "PYTHON"|"SQL"}}}; absent fields are
 * left out. Schema: {@code SparkPipelineJobFacet.json} beside this class.
 */
@JsonPropertyOrder({
  "_producer",
  "_schemaURL",
  "pipeline",
  "flow",
  "flowType",
  "destination",
  "destinationKind",
  "definition"
})
@JsonInclude(JsonInclude.Include.NON_NULL)
@Internal
public final class SparkPipelineJobFacet extends SparkPipelineFacet
    implements OpenLineage.JobFacet {
  /** The facet's key in {@code job.facets}. */
  public static final String NAME = "headwater_sparkPipeline";

  /**
   * The {@code _schemaURL} of every instance: the spec's {@code JobFacet} base, as custom facets
   * have (see {@link FacetSchemas}); the facet's own schema ({@code SparkPipelineJobFacet.json}) is
   * found by its name.
   */
  public static final URI SCHEMA_URL = FacetSchemas.JOB_FACET;

  /**
   * One flow of the pipeline.
   *
   * @param name the flow's identifier as the pipeline qualifies it
   * @param type {@code COMPLETE} (recomputed on every update), {@code STREAMING} (incremental) or
   *     {@code APPEND_ONCE}
   * @param destination the identifier of the dataset the flow writes
   * @param destinationKind the kind of that dataset ({@link SparkPipelineDatasetFacet#getKind})
   * @param definition where the flow is defined, when the pipeline knows it
   */
  public record Flow(
      String name,
      String type,
      String destination,
      String destinationKind,
      Optional<PipelineDefinition> definition) {
    public Flow {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(destination, "destination");
      Objects.requireNonNull(destinationKind, "destinationKind");
      Objects.requireNonNull(definition, "definition");
    }
  }

  private final Optional<Flow> flow;

  /**
   * @param producer the producer URI
   * @param pipeline the pipeline's name
   * @param flow the flow the job runs; empty for the job of a pipeline update
   */
  public SparkPipelineJobFacet(URI producer, String pipeline, Optional<Flow> flow) {
    super(producer, SCHEMA_URL, pipeline);
    this.flow = Objects.requireNonNull(flow, "flow");
  }

  /** The flow's identifier, or null for the job of a pipeline update. */
  @JsonProperty("flow")
  public String getFlow() {
    return flow.map(Flow::name).orElse(null);
  }

  /** {@code COMPLETE}, {@code STREAMING} or {@code APPEND_ONCE}; null without a flow. */
  @JsonProperty("flowType")
  public String getFlowType() {
    return flow.map(Flow::type).orElse(null);
  }

  /** The identifier of the dataset the flow writes; null without a flow. */
  @JsonProperty("destination")
  public String getDestination() {
    return flow.map(Flow::destination).orElse(null);
  }

  /** The kind of the dataset the flow writes; null without a flow. */
  @JsonProperty("destinationKind")
  public String getDestinationKind() {
    return flow.map(Flow::destinationKind).orElse(null);
  }

  /** Where the flow is defined, or null. */
  @JsonProperty("definition")
  public Map<String, Object> getDefinition() {
    return flow.flatMap(Flow::definition).map(PipelineDefinition::toJson).orElse(null);
  }
}
