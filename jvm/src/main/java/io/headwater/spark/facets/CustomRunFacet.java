package io.headwater.spark.facets;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.Redaction;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The skeleton of Headwater's custom run facets: {@code _producer}, and the spec's {@code RunFacet}
 * base as {@code _schemaURL} ({@link FacetSchemas}); a subclass adds its own properties (getters,
 * or {@link #getAdditionalProperties} for a facet whose field names are data).
 */
@Internal
public abstract class CustomRunFacet implements OpenLineage.RunFacet {
  private final URI producer;

  /**
   * @param producer the producer URI
   */
  protected CustomRunFacet(URI producer) {
    this.producer = Objects.requireNonNull(producer, "producer");
  }

  @Override
  @JsonProperty("_producer")
  public final URI get_producer() {
    return producer;
  }

  /** The spec's {@code RunFacet} base, as custom facets have (see {@link FacetSchemas}). */
  @Override
  @JsonProperty("_schemaURL")
  public final URI get_schemaURL() {
    return FacetSchemas.RUN_FACET;
  }

  /** No properties beyond the subclass's getters. */
  @Override
  @JsonAnyGetter
  public Map<String, Object> getAdditionalProperties() {
    return Map.of();
  }

  /**
   * {@code values} in key order, each redacted as Spark redacts its own properties ({@link
   * Redaction#property}: a value whose key or text matches {@code spark.redaction.regex} becomes
   * {@code *********(redacted)}, credentials inside other values are removed).
   */
  protected static Map<String, String> redacted(Map<String, String> values, Redaction redaction) {
    Map<String, String> safe = new TreeMap<>();
    values.forEach((key, value) -> safe.put(key, redaction.property(key, value)));
    return java.util.Collections.unmodifiableMap(safe);
  }
}
