package io.headwater.spark.facets;

import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;

/** The {@code lifecycleStateChange} dataset facet (spec LifecycleStateChangeDatasetFacet) of an output. */
public final class LifecycleFacets {
  private LifecycleFacets() {}

  /** Sets {@code change} on {@code facets} and returns it. */
  public static OpenLineage.DatasetFacetsBuilder with(
      OpenLineage openLineage, OpenLineage.DatasetFacetsBuilder facets, LifecycleStateChange change) {
    return facets.lifecycleStateChange(
        openLineage.newLifecycleStateChangeDatasetFacetBuilder().lifecycleStateChange(change).build());
  }
}
