package io.headwater.spark.facets;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.Redaction;
import java.net.URI;
import java.util.Map;

/**
 * The {@code spark_properties} run facet: the values of an allow-list of Spark properties for the
 * run ({@code spark.openlineage.capturedProperties}), named and shaped as in the OpenLineage Spark
 * integration ({@code {"properties": {"spark.master": "local[2]", ...}}}). Values are redacted as
 * Spark redacts its own properties ({@link Redaction#property}: a value whose key or text matches
 * {@code spark.redaction.regex} becomes {@code *********(redacted)}, credentials inside other
 * values are removed). Schema: {@code SparkPropertiesRunFacet.json} beside this class.
 */
@JsonPropertyOrder({"_producer", "_schemaURL", "properties"})
@Internal
public final class SparkPropertiesRunFacet extends CustomRunFacet {
  /** The facet's key in {@code run.facets}. */
  public static final String NAME = "spark_properties";

  /**
   * The {@code _schemaURL} of every instance: the spec's {@code RunFacet} base, as custom facets
   * have (see {@link FacetSchemas}); the facet's own schema is found by its name.
   */
  public static final URI SCHEMA_URL = FacetSchemas.RUN_FACET;

  private final Map<String, String> properties;

  /**
   * @param producer the producer URI
   * @param properties captured key → value, in the order to emit; values are redacted here
   * @param redaction what must not leave the process
   */
  public SparkPropertiesRunFacet(
      URI producer, Map<String, String> properties, Redaction redaction) {
    super(producer);
    this.properties = redacted(properties, redaction);
  }

  /** The captured properties, key → (redacted) value. */
  @JsonProperty("properties")
  public Map<String, String> getProperties() {
    return new java.util.TreeMap<>(properties);
  }
}
