package io.headwater.spark.testing;

import io.headwater.spark.api.CustomFacetBuilder;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart;

/**
 * A test extension in the test catalog's jar that reports {@code tags} facets, as an extension's
 * facet builders may: for a session with {@code spark.headwater.test.extensionTags.job}, {@code
 * .run} or {@code .dataset} set to {@code key=value;key=value}, a {@code tags} job, run or dataset
 * facet with those tags (source {@code EXTENSION}) at each SQL execution's start. Inert otherwise.
 */
public final class TagsProbeFactory implements OpenLineageEventHandlerFactory {
  /** The session settings, one per entity: {@code <PREFIX>job}, {@code run}, {@code dataset}. */
  public static final String PREFIX = "spark.headwater.test.extensionTags.";

  private static final String SOURCE = "EXTENSION";
  private static final OpenLineage OPEN_LINEAGE =
      new OpenLineage(
          URI.create("https://github.com/headwater-lineage/headwater/tree/main/jvm/src/test"));

  /** The {@code [key, value]} pairs set for {@code entity} in the context's session. */
  private static List<String[]> tags(OpenLineageContext context, String entity) {
    String value =
        context.sparkSession().map(s -> s.conf().get(PREFIX + entity, "")).orElse("").trim();
    return value.isEmpty()
        ? List.of()
        : Arrays.stream(value.split(";")).map(tag -> tag.split("=", 2)).toList();
  }

  @Override
  public Collection<CustomFacetBuilder<?, ? extends OpenLineage.JobFacet>> createJobFacetBuilders(
      OpenLineageContext context) {
    List<String[]> tags = tags(context, "job");
    return tags.isEmpty()
        ? List.of()
        : List.of(
            new AtStart<OpenLineage.JobFacet>(
                OPEN_LINEAGE.newTagsJobFacet(
                    tags.stream()
                        .map(t -> OPEN_LINEAGE.newTagsJobFacetFields(t[0], t[1], SOURCE))
                        .toList())));
  }

  @Override
  public Collection<CustomFacetBuilder<?, ? extends OpenLineage.RunFacet>> createRunFacetBuilders(
      OpenLineageContext context) {
    List<String[]> tags = tags(context, "run");
    return tags.isEmpty()
        ? List.of()
        : List.of(
            new AtStart<OpenLineage.RunFacet>(
                OPEN_LINEAGE.newTagsRunFacet(
                    tags.stream()
                        .map(t -> OPEN_LINEAGE.newTagsRunFacetFields(t[0], t[1], SOURCE))
                        .toList())));
  }

  @Override
  public Collection<CustomFacetBuilder<?, ? extends OpenLineage.DatasetFacet>>
      createDatasetFacetBuilders(OpenLineageContext context) {
    List<String[]> tags = tags(context, "dataset");
    return tags.isEmpty()
        ? List.of()
        : List.of(
            new AtStart<OpenLineage.DatasetFacet>(
                OPEN_LINEAGE.newTagsDatasetFacet(
                    tags.stream()
                        .map(t -> OPEN_LINEAGE.newTagsDatasetFacetFields(t[0], t[1], SOURCE, null))
                        .toList())));
  }

  /** Reports one {@code tags} facet at a SQL execution's start. */
  static final class AtStart<F> extends CustomFacetBuilder<SparkListenerSQLExecutionStart, F> {
    private final F facet;

    AtStart(F facet) {
      this.facet = facet;
    }

    @Override
    protected Class<?> eventType() {
      return SparkListenerSQLExecutionStart.class;
    }

    @Override
    protected void build(
        SparkListenerSQLExecutionStart event, BiConsumer<String, ? super F> consumer) {
      consumer.accept("tags", facet);
    }
  }
}
