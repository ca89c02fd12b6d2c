package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.extensions.CustomFacets;
import io.headwater.spark.extensions.DatasetBuilders;
import io.headwater.spark.extensions.FacetBuilders;
import java.util.List;

/**
 * The extensions' dataset and facet builders applied to a run: what they give for the objects of
 * one listener event ({@code extensions.SchedulerObjects}) is added to the run's datasets and
 * facets ({@link RunFindingsWriter#built}), in the run's context. On the analysis thread only.
 */
@Internal
public final class RunBuilders {
  private final DatasetBuilders datasets;
  private final FacetBuilders facets;
  private final RunFindingsWriter findingsWriter;

  public RunBuilders(
      DatasetBuilders datasets, FacetBuilders facets, RunFindingsWriter findingsWriter) {
    this.datasets = datasets;
    this.facets = facets;
    this.findingsWriter = findingsWriter;
  }

  /** Adds what the builders give for {@code objects} to {@code run}. */
  public void evaluate(OperationRun run, List<?> objects) {
    OpenLineageContext context = findingsWriter.context(run);
    findingsWriter.built(
        run, datasets.evaluate(context, objects), facets.evaluate(context, objects));
  }

  /** The facets the run and job facet builders give for an application event. */
  public CustomFacets facets(OpenLineageContext context, Object event) {
    return facets.evaluate(context, List.of(event));
  }
}
