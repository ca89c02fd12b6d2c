package io.headwater.spark.extensions;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.CustomFacetBuilder;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Evaluates the factories' {@link CustomFacetBuilder}s (run, job, dataset, input-dataset and
 * output-dataset facet builders) on the objects of one listener event ({@link SchedulerObjects}),
 * user builders first. Facets are collected by name; a name reported again replaces the earlier
 * facet. A builder that throws in {@code isDefinedAt} or {@code build} is reported once and
 * skipped; the facets it reported before throwing are dropped too.
 */
@Internal
public final class FacetBuilders {
  private final Extensions extensions;

  public FacetBuilders(Extensions extensions) {
    this.extensions = extensions;
  }

  /** The facets the builders report for {@code objects}, in that order. */
  public CustomFacets evaluate(OpenLineageContext context, List<?> objects) {
    return new CustomFacets(
        collect("createRunFacetBuilders", f -> f.createRunFacetBuilders(context), objects),
        collect("createJobFacetBuilders", f -> f.createJobFacetBuilders(context), objects),
        collect("createDatasetFacetBuilders", f -> f.createDatasetFacetBuilders(context), objects),
        collect(
            "createInputDatasetFacetBuilders",
            f -> f.createInputDatasetFacetBuilders(context),
            objects),
        collect(
            "createOutputDatasetFacetBuilders",
            f -> f.createOutputDatasetFacetBuilders(context),
            objects));
  }

  private <F> Map<String, F> collect(
      String method,
      Function<
              OpenLineageEventHandlerFactory,
              Collection<? extends CustomFacetBuilder<?, ? extends F>>>
          creator,
      List<?> objects) {
    List<CustomFacetBuilder<?, ? extends F>> builders = extensions.create(method, creator);
    Map<String, F> facets = new LinkedHashMap<>();
    for (Object object : objects) {
      for (CustomFacetBuilder<?, ? extends F> builder : builders) {
        build(builder, object, facets);
      }
    }
    return facets;
  }

  @SuppressWarnings("unchecked")
  private <F> void build(
      CustomFacetBuilder<?, ? extends F> builder, Object object, Map<String, F> facets) {
    boolean defined;
    try {
      defined = builder.isDefinedAt(object);
    } catch (Throwable t) {
      extensions.failures().report(builder.getClass(), "isDefinedAt", t);
      return;
    }
    if (!defined) {
      return;
    }
    Map<String, F> reported = new LinkedHashMap<>();
    try {
      ((CustomFacetBuilder<?, F>) builder)
          .accept(
              object,
              (name, facet) -> {
                if (name != null && facet != null) {
                  reported.put(name, facet);
                }
              });
    } catch (Throwable t) {
      extensions.failures().report(builder.getClass(), "build", t);
      return;
    }
    reported.forEach(facets::put);
  }
}
