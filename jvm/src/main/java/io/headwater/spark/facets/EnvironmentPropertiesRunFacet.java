package io.headwater.spark.facets;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.Redaction;
import java.net.URI;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code environment-properties} run facet of the application run, named and shaped as in the
 * OpenLineage Spark integration: {@code {"environment-properties": {"VAR": "value", ...}}}, the
 * environment variables listed in {@code spark.openlineage.facets.custom_environment_variables}
 * ({@code [VAR1;VAR2]}) that are set; empty when none is. Values are redacted as Spark properties
 * are ({@link Redaction#property}). Schema: {@code EnvironmentPropertiesRunFacet.json} beside this
 * class.
 */
@JsonPropertyOrder({"_producer", "_schemaURL", "environment-properties"})
@Internal
public final class EnvironmentPropertiesRunFacet extends CustomRunFacet {
  /** The facet's key in {@code run.facets}. */
  public static final String NAME = "environment-properties";

  private final Map<String, String> properties;

  /**
   * @param producer the producer URI
   * @param properties variable name → value; redacted here
   * @param redaction what must not leave the process
   */
  public EnvironmentPropertiesRunFacet(
      URI producer, Map<String, String> properties, Redaction redaction) {
    super(producer);
    this.properties = redacted(properties, redaction);
  }

  /** The captured variables, by name. */
  @JsonProperty("environment-properties")
  public Map<String, String> getProperties() {
    return new TreeMap<>(properties);
  }
}
