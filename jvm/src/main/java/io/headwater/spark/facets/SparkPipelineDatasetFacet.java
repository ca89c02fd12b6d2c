package io.headwater.spark.facets;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.pipelines.PipelineDefinition;
import io.headwater.spark.config.Redaction;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The {@code headwater_sparkPipeline} dataset facet: a dataset declared by a Spark Declarative
 * Pipeline. Shape: {@code {"pipeline": "shop", "name": "spark_catalog.default.orders", "kind":
 * "MATERIALIZED_VIEW"|"STREAMING_TABLE"|"TEMPORARY_VIEW"|"PERSISTED_VIEW"|"SINK", "properties":
 * {...}, "format": "parquet", "partitionColumns": [...], "definition": {"file", "line",
 * "language"}}}; absent fields are left out. Property values whose key names a secret (Spark's
 * default {@code spark.redaction.regex}) are redacted. Schema: {@code
 * SparkPipelineDatasetFacet.json} beside this class.
 */
@JsonPropertyOrder({
  "_producer",
  "_schemaURL",
  "pipeline",
  "name",
  "kind",
  "properties",
  "format",
  "partitionColumns",
  "definition"
})
@JsonInclude(JsonInclude.Include.NON_NULL)
@Internal
public final class SparkPipelineDatasetFacet extends SparkPipelineFacet
    implements OpenLineage.DatasetFacet {
  /** The facet's key in {@code dataset.facets}. */
  public static final String NAME = "headwater_sparkPipeline";

  /**
   * The {@code _schemaURL} of every instance: the spec's {@code DatasetFacet} base, as custom
   * facets have (see {@link FacetSchemas}); the facet's own schema ({@code
   * SparkPipelineDatasetFacet.json}) is found by its name.
   */
  public static final URI SCHEMA_URL = FacetSchemas.DATASET_FACET;

  /**
   * What the pipeline declares about the dataset.
   *
   * @param name the dataset's identifier as the pipeline qualifies it
   * @param kind {@code MATERIALIZED_VIEW}, {@code STREAMING_TABLE}, {@code TEMPORARY_VIEW}, {@code
   *     PERSISTED_VIEW} or {@code SINK}
   * @param properties the table properties it declares
   * @param format the table format or sink format it declares, when any
   * @param partitionColumns the partition columns it declares
   * @param definition where it is defined, when the pipeline knows it
   */
  public record Declaration(
      String name,
      String kind,
      Map<String, String> properties,
      Optional<String> format,
      List<String> partitionColumns,
      Optional<PipelineDefinition> definition) {
    public Declaration {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(kind, "kind");
      properties = Map.copyOf(properties);
      Objects.requireNonNull(format, "format");
      partitionColumns = List.copyOf(partitionColumns);
      Objects.requireNonNull(definition, "definition");
    }
  }

  private final Declaration declaration;

  /**
   * @param producer the producer URI
   * @param pipeline the pipeline's name
   * @param declaration what the pipeline declares
   */
  public SparkPipelineDatasetFacet(URI producer, String pipeline, Declaration declaration) {
    super(producer, SCHEMA_URL, pipeline);
    this.declaration = Objects.requireNonNull(declaration, "declaration");
  }

  /** The dataset's identifier in the pipeline. */
  @JsonProperty("name")
  public String getName() {
    return declaration.name();
  }

  /** What the pipeline declares it as. */
  @JsonProperty("kind")
  public String getKind() {
    return declaration.kind();
  }

  /** The declared table properties, secrets redacted, in key order; null when none. */
  @JsonProperty("properties")
  public Map<String, String> getProperties() {
    if (declaration.properties().isEmpty()) {
      return null;
    }
    Map<String, String> safe = new TreeMap<>();
    declaration
        .properties()
        .forEach(
            (key, value) ->
                safe.put(key, Redaction.DEFAULT.isSecretKey(key) ? Redaction.REDACTED : value));
    return safe;
  }

  /** The declared format, or null. */
  @JsonProperty("format")
  public String getFormat() {
    return declaration.format().orElse(null);
  }

  /** The declared partition columns; null when none. */
  @JsonProperty("partitionColumns")
  public List<String> getPartitionColumns() {
    return declaration.partitionColumns().isEmpty() ? null : declaration.partitionColumns();
  }

  /** Where the dataset is defined, or null. */
  @JsonProperty("definition")
  public Map<String, Object> getDefinition() {
    return declaration.definition().map(PipelineDefinition::toJson).orElse(null);
  }

  /** No properties beyond the getters (a mutable map, as this facet has always given). */
  @Override
  public Map<String, Object> getAdditionalProperties() {
    return new LinkedHashMap<>();
  }
}
