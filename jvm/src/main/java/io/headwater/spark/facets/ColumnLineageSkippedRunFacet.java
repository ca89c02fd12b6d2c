package io.headwater.spark.facets;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.headwater.spark.annotation.Internal;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code headwater_columnLineageSkipped} run facet: the outputs whose {@code columnLineage}
 * facet a limit stopped ({@code columnLineage.schemaSizeLimit}, {@code
 * columnLineage.timeBudgetMillis}), so that a missing facet says why. Shape: {@code {"outputs":
 * [{"namespace", "name", "reason": "SCHEMA_SIZE_LIMIT"|"TIME_BUDGET", "fieldCount", "limit"}]}},
 * {@code limit} in fields or milliseconds by reason. Schema: {@code
 * ColumnLineageSkippedRunFacet.json} beside this class. The OpenLineage Spark integration drops the
 * facet silently; this is Headwater's own.
 */
@JsonPropertyOrder({"_producer", "_schemaURL", "outputs"})
@Internal
public final class ColumnLineageSkippedRunFacet extends CustomRunFacet {
  /** The facet's key in {@code run.facets}. */
  public static final String NAME = "headwater_columnLineageSkipped";

  /**
   * The {@code _schemaURL} of every instance: the spec's {@code RunFacet} base, as custom facets
   * have (see {@link FacetSchemas}); the facet's own schema is found by its name.
   */
  public static final URI SCHEMA_URL = FacetSchemas.RUN_FACET;

  private final List<ColumnLineageSkip> skips;

  /**
   * @param producer the producer URI
   * @param skips the skipped outputs, in output order; not empty
   */
  public ColumnLineageSkippedRunFacet(URI producer, List<ColumnLineageSkip> skips) {
    super(producer);
    this.skips = List.copyOf(skips);
  }

  /** One entry per skipped output: namespace, name, reason, fieldCount, limit. */
  @JsonProperty("outputs")
  public List<Map<String, Object>> getOutputs() {
    return skips.stream()
        .map(
            skip -> {
              Map<String, Object> entry = new LinkedHashMap<>();
              entry.put("namespace", skip.namespace());
              entry.put("name", skip.name());
              entry.put("reason", skip.reason().name());
              entry.put("fieldCount", skip.fieldCount());
              entry.put("limit", skip.limit());
              return entry;
            })
        .toList();
  }
}
