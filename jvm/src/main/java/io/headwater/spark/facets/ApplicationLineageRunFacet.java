package io.headwater.spark.facets;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.headwater.spark.annotation.Internal;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code headwater_applicationLineage} run facet of the application run's COMPLETE and FAIL
 * events with {@code spark.openlineage.application.lineage.enabled}: how its datasets and composed
 * column lineage were made, and which child runs failed. Shape: {@code {"childRuns": n,
 * "composedChildRuns": n, "intermediateDatasets": [{"namespace", "name"}], "cut"?:
 * "TIME_BUDGET"|"SIZE_LIMIT", "limit"?: n, "failedChildRuns": [{"runId", "jobNamespace", "jobName",
 * "eventType": "FAIL"|"ABORT", "message"}], "failedChildRunsTotal": n}}; {@code limit} in
 * milliseconds for {@code TIME_BUDGET}, in references for {@code SIZE_LIMIT}. Schema: {@code
 * ApplicationLineageRunFacet.json} beside this class. Headwater's own: openlineage-spark reports no
 * application-level lineage.
 */
@JsonPropertyOrder({
  "_producer",
  "_schemaURL",
  "childRuns",
  "composedChildRuns",
  "intermediateDatasets",
  "cut",
  "limit",
  "failedChildRuns",
  "failedChildRunsTotal"
})
@JsonInclude(JsonInclude.Include.NON_NULL)
@Internal
public final class ApplicationLineageRunFacet extends CustomRunFacet {
  /** The facet's key in {@code run.facets}. */
  public static final String NAME = "headwater_applicationLineage";

  /** What the facet says, as its JSON fields (see the class comment). */
  public record Summary(
      int childRuns,
      int composedChildRuns,
      List<Map<String, String>> intermediateDatasets,
      String cut,
      Long limit,
      List<Map<String, String>> failedChildRuns,
      int failedChildRunsTotal) {
    public Summary {
      intermediateDatasets = List.copyOf(intermediateDatasets);
      failedChildRuns = List.copyOf(failedChildRuns);
      if ((cut == null) != (limit == null)) {
        throw new IllegalArgumentException("cut and limit go together");
      }
    }
  }

  private final Summary summary;

  /**
   * @param producer the producer URI
   * @param summary the facet's fields
   */
  public ApplicationLineageRunFacet(URI producer, Summary summary) {
    super(producer);
    this.summary = Objects.requireNonNull(summary, "summary");
  }

  @JsonProperty("childRuns")
  public int getChildRuns() {
    return summary.childRuns();
  }

  @JsonProperty("composedChildRuns")
  public int getComposedChildRuns() {
    return summary.composedChildRuns();
  }

  @JsonProperty("intermediateDatasets")
  public List<Map<String, String>> getIntermediateDatasets() {
    return summary.intermediateDatasets();
  }

  @JsonProperty("cut")
  public String getCut() {
    return summary.cut();
  }

  @JsonProperty("limit")
  public Long getLimit() {
    return summary.limit();
  }

  @JsonProperty("failedChildRuns")
  public List<Map<String, String>> getFailedChildRuns() {
    return summary.failedChildRuns();
  }

  @JsonProperty("failedChildRunsTotal")
  public int getFailedChildRunsTotal() {
    return summary.failedChildRunsTotal();
  }
}
