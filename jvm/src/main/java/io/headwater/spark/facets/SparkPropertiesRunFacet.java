package io.headwater.spark.facets;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.headwater.spark.config.Redaction;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code spark_properties} run facet: the values of an allow-list of Spark properties for the
 * run ({@code spark.openlineage.capturedProperties}), named and shaped as in the OpenLineage Spark
 * integration ({@code {"properties": {"spark.master": "local[2]", ...}}}). Values are redacted as
 * Spark redacts its own properties ({@link Redaction#property}: a value whose key or text matches
 * {@code spark.redaction.regex} becomes {@code *********(redacted)}, credentials inside other
 * values are removed). Schema: {@code SparkPropertiesRunFacet.json} beside this class.
 */
@JsonPropertyOrder({"_producer", "_schemaURL", "properties"})
public final class SparkPropertiesRunFacet implements OpenLineage.RunFacet {
  /** The facet's key in {@code run.facets}. */
  public static final String NAME = "spark_properties";

  /** Where the facet's JSON schema is published, the {@code _schemaURL} of every instance. */
  public static final URI SCHEMA_URL = FacetSchemas.url("SparkPropertiesRunFacet");

  private final URI producer;
  private final Map<String, String> properties;

  /**
   * @param producer the producer URI
   * @param properties captured key → value, in the order to emit; values are redacted here
   * @param redaction what must not leave the process
   */
  public SparkPropertiesRunFacet(
      URI producer, Map<String, String> properties, Redaction redaction) {
    this.producer = Objects.requireNonNull(producer, "producer");
    Map<String, String> safe = new LinkedHashMap<>();
    properties.forEach((key, value) -> safe.put(key, redaction.property(key, value)));
    this.properties = Map.copyOf(safe);
  }

  @Override
  @JsonProperty("_producer")
  public URI get_producer() {
    return producer;
  }

  @Override
  @JsonProperty("_schemaURL")
  public URI get_schemaURL() {
    return SCHEMA_URL;
  }

  /** The captured properties, key → (redacted) value. */
  @JsonProperty("properties")
  public Map<String, String> getProperties() {
    return new java.util.TreeMap<>(properties);
  }

  @Override
  @JsonAnyGetter
  public Map<String, Object> getAdditionalProperties() {
    return Map.of();
  }
}
