package io.headwater.spark.facets;

import io.headwater.spark.annotation.Internal;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.ArrayList;
import java.util.List;

/**
 * The dataset facets built-in visitors attach besides schema and dataSource: {@code symlinks} (spec
 * SymlinksDatasetFacet, the table names a physical dataset is known by) and {@code
 * lifecycleStateChange} (spec LifecycleStateChangeDatasetFacet: CREATE, OVERWRITE, DROP, TRUNCATE,
 * ALTER, RENAME with the previous identifier).
 */
@Internal
public final class DatasetFacets {
  private DatasetFacets() {}

  /** A facets builder with the {@code symlinks} facet of {@code id}, when it has symlinks. */
  public static OpenLineage.DatasetFacetsBuilder withSymlinks(
      OpenLineage openLineage, DatasetIdentifier id) {
    OpenLineage.DatasetFacetsBuilder builder = openLineage.newDatasetFacetsBuilder();
    if (!id.getSymlinks().isEmpty()) {
      List<OpenLineage.SymlinksDatasetFacetIdentifiers> identifiers = new ArrayList<>();
      for (DatasetIdentifier.Symlink symlink : id.getSymlinks()) {
        identifiers.add(
            openLineage.newSymlinksDatasetFacetIdentifiers(
                symlink.getNamespace(), symlink.getName(), symlink.getType().name()));
      }
      builder.symlinks(openLineage.newSymlinksDatasetFacet(identifiers));
    }
    return builder;
  }

  /** Sets {@code lifecycleStateChange} on {@code builder} and returns it. */
  public static OpenLineage.DatasetFacetsBuilder lifecycle(
      OpenLineage openLineage,
      OpenLineage.DatasetFacetsBuilder builder,
      LifecycleStateChange state) {
    return builder.lifecycleStateChange(
        openLineage.newLifecycleStateChangeDatasetFacet(state, null));
  }

  /** Sets {@code lifecycleStateChange} RENAME with the dataset's previous identity. */
  public static OpenLineage.DatasetFacetsBuilder renamed(
      OpenLineage openLineage,
      OpenLineage.DatasetFacetsBuilder builder,
      DatasetIdentifier previous) {
    return builder.lifecycleStateChange(
        openLineage.newLifecycleStateChangeDatasetFacet(
            LifecycleStateChange.RENAME,
            openLineage.newLifecycleStateChangeDatasetFacetPreviousIdentifier(
                previous.getName(), previous.getNamespace())));
  }
}
