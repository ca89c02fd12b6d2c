package io.headwater.spark.junit;

import static org.junit.Assert.assertEquals;

import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;

/**
 * Reads what the visitors' tests assert from a dataset: its facets as short, comparable values.
 * Also names the locations the shared session ({@link LocalSpark}) gives tables.
 */
public final class Datasets {
  private Datasets() {}

  /** The one dataset of {@code datasets}; fails when there are none or several. */
  public static <D extends OpenLineage.Dataset> D only(List<D> datasets) {
    assertEquals("datasets: " + datasets, 1, datasets.size());
    return datasets.get(0);
  }

  /** {@code namespace name} of a dataset, e.g. {@code file /data/t}. */
  public static String id(OpenLineage.Dataset dataset) {
    return dataset.getNamespace() + " " + dataset.getName();
  }

  /** The {@code schema} facet's fields as {@code name:type}; empty when the facet is absent. */
  public static List<String> schema(OpenLineage.Dataset dataset) {
    OpenLineage.SchemaDatasetFacet schema =
        dataset.getFacets() == null ? null : dataset.getFacets().getSchema();
    if (schema == null) {
      return List.of();
    }
    return schema.getFields().stream().map(f -> f.getName() + ":" + f.getType()).toList();
  }

  /** The {@code symlinks} facet as {@code namespace name TYPE} each; empty when absent. */
  public static List<String> symlinks(OpenLineage.Dataset dataset) {
    OpenLineage.SymlinksDatasetFacet symlinks =
        dataset.getFacets() == null ? null : dataset.getFacets().getSymlinks();
    if (symlinks == null) {
      return List.of();
    }
    return symlinks.getIdentifiers().stream()
        .map(s -> s.getNamespace() + " " + s.getName() + " " + s.getType())
        .toList();
  }

  /** The {@code lifecycleStateChange} facet's change; null when the facet is absent. */
  public static LifecycleStateChange lifecycle(OpenLineage.Dataset dataset) {
    OpenLineage.LifecycleStateChangeDatasetFacet facet =
        dataset.getFacets() == null ? null : dataset.getFacets().getLifecycleStateChange();
    return facet == null ? null : facet.getLifecycleStateChange();
  }

  /** The RENAME facet's previous identity as {@code namespace name}; null when absent. */
  public static String previousIdentifier(OpenLineage.Dataset dataset) {
    OpenLineage.LifecycleStateChangeDatasetFacet facet =
        dataset.getFacets() == null ? null : dataset.getFacets().getLifecycleStateChange();
    return facet == null || facet.getPreviousIdentifier() == null
        ? null
        : facet.getPreviousIdentifier().getNamespace()
            + " "
            + facet.getPreviousIdentifier().getName();
  }

  /** The {@code version} facet's value; null when absent. */
  public static String version(OpenLineage.Dataset dataset) {
    OpenLineage.DatasetVersionDatasetFacet facet =
        dataset.getFacets() == null ? null : dataset.getFacets().getVersion();
    return facet == null ? null : facet.getDatasetVersion();
  }

  /**
   * The namespace of the session catalog's table symlinks: the warehouse location, {@code
   * file:/.../build/junit/warehouse}.
   */
  public static String warehouse() {
    return "file:" + LocalSpark.ROOT.resolve("warehouse");
  }

  /** {@code file /.../build/junit/warehouse/<table>}: a managed table of the default database. */
  public static String managedTable(String table) {
    return "file " + LocalSpark.ROOT.resolve("warehouse").resolve(table);
  }

  /** {@code <warehouse> default.<table> TABLE}: the symlink of a table of the default database. */
  public static String tableSymlink(String table) {
    return warehouse() + " default." + table + " TABLE";
  }
}
