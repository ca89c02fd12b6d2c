package io.headwater.spark.facets;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.headwater.spark.annotation.Internal;
import java.net.URI;
import java.util.Map;

/**
 * The {@code spark_applicationDetails} run facet of the application run, named and shaped as in the
 * OpenLineage Spark integration: {@code {"master", "appName", "applicationId", "deployMode",
 * "driverHost", "userName", "uiWebUrl", "proxyUrl", "historyUrl"}}, all strings, a field Spark does
 * not know left out: {@code master} ({@code spark.master}), {@code appName}, {@code applicationId}
 * (e.g. {@code local-1795449186044}), {@code deployMode} ({@code client} or {@code cluster}),
 * {@code driverHost} ({@code spark.driver.host}), {@code userName} (the user Spark runs as), {@code
 * uiWebUrl} (when the UI is on), {@code proxyUrl} ({@code spark.ui.proxyBase}), {@code historyUrl}
 * ({@code spark.yarn.historyServer.address}). Schema: {@code SparkApplicationDetailsRunFacet.json}
 * beside this class.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"_producer", "_schemaURL"})
@Internal
public final class SparkApplicationDetailsRunFacet extends CustomRunFacet {
  /** The facet's key in {@code run.facets}. */
  public static final String NAME = "spark_applicationDetails";

  /** The field names, in the order they are emitted. */
  public static final java.util.List<String> FIELDS =
      java.util.List.of(
          "master",
          "appName",
          "applicationId",
          "deployMode",
          "driverHost",
          "userName",
          "uiWebUrl",
          "proxyUrl",
          "historyUrl");

  private final Map<String, Object> fields;

  /**
   * @param producer the producer URI
   * @param fields field name ({@link #FIELDS}) → value; other names and null values are left out
   */
  public SparkApplicationDetailsRunFacet(URI producer, Map<String, String> fields) {
    super(producer);
    Map<String, Object> known = new java.util.LinkedHashMap<>();
    for (String name : FIELDS) {
      String value = fields.get(name);
      if (value != null) {
        known.put(name, value);
      }
    }
    this.fields = java.util.Collections.unmodifiableMap(known);
  }

  /** The facet's fields, by name. */
  @Override
  @JsonAnyGetter
  public Map<String, Object> getAdditionalProperties() {
    return fields;
  }
}
