package io.headwater.spark.facets;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.net.URI;
import java.util.Map;
import java.util.Objects;

/**
 * What the {@code headwater_sparkPipeline} job and dataset facets share ({@link
 * SparkPipelineJobFacet}, {@link SparkPipelineDatasetFacet}): {@code _producer}, a {@code
 * _schemaURL} that is the spec's base definition of the facet's kind (see {@link FacetSchemas}), no
 * {@code _deleted} marker, and the pipeline's name; a subclass adds its own properties.
 */
abstract class SparkPipelineFacet {
  private final URI producer;
  private final URI schemaUrl;
  private final String pipeline;

  /**
   * @param producer the producer URI
   * @param schemaUrl the spec's base definition for the facet's kind
   * @param pipeline the pipeline's name
   */
  SparkPipelineFacet(URI producer, URI schemaUrl, String pipeline) {
    this.producer = Objects.requireNonNull(producer, "producer");
    this.schemaUrl = Objects.requireNonNull(schemaUrl, "schemaUrl");
    this.pipeline = Objects.requireNonNull(pipeline, "pipeline");
  }

  @JsonProperty("_producer")
  public URI get_producer() {
    return producer;
  }

  @JsonProperty("_schemaURL")
  public URI get_schemaURL() {
    return schemaUrl;
  }

  /** Never a deletion marker: null, left out of the JSON. */
  @JsonProperty("_deleted")
  public Boolean get_deleted() {
    return null;
  }

  /** The pipeline's name. */
  @JsonProperty("pipeline")
  public String getPipeline() {
    return pipeline;
  }

  /** No properties beyond the getters. */
  @JsonAnyGetter
  public Map<String, Object> getAdditionalProperties() {
    return Map.of();
  }
}
