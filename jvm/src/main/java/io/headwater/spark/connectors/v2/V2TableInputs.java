package io.headwater.spark.connectors.v2;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.tables.IcebergSupport;
import io.headwater.spark.tables.V2TableIdentity;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.connector.catalog.CatalogV2Util;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.types.StructType;

/**
 * The table a DataSourceV2 relation reads, as an input dataset. Shared by the visitors of {@code
 * DataSourceV2ScanRelation} and {@code DataSourceV2Relation}.
 *
 * <pre>
 *   DataSourceV2Relation(table, catalog = Some(c), identifier = Some(id))
 *     -> one input named by {@link V2TableIdentity}; schema = the table's columns (all of them, not the pruned scan,
 *        and no metadata columns); for an Iceberg table the {@code version} facet, the snapshot read
 *        ({@link IcebergSupport#snapshotId}, time travel included)
 *   DataSourceV2Relation(table with openlineage.dataset.namespace and .name properties, ...)
 *     -> the dataset the table declares ({@link DeclaredDataset}), with the declared facets, whatever its catalog
 *   DataSourceV2Relation(table, catalog = None or identifier = None)     a path-based V2 source
 *     -> not named: the visitors do not match
 * </pre>
 */
final class V2TableInputs {
  private final OpenLineageContext context;

  V2TableInputs(OpenLineageContext context) {
    this.context = Objects.requireNonNull(context, "context");
  }

  /** True when the relation's table is a dataset: declared by its properties, or in a catalog. */
  boolean isNamed(DataSourceV2Relation relation) {
    return DeclaredDataset.of(relation).isPresent() || identity(relation).isPresent();
  }

  /** The table as one input; call only when {@link #isNamed}. */
  List<OpenLineage.InputDataset> inputs(DataSourceV2Relation relation) {
    Optional<DeclaredDataset> declared = DeclaredDataset.of(relation);
    if (declared.isPresent()) {
      return List.of(
          declared
              .get()
              .input(context.openLineage(), context.datasetFactory(), tableSchema(relation), null));
    }
    V2TableIdentity id = identity(relation).orElseThrow();
    OpenLineage.DatasetFacetsBuilder facets = id.facets(context.openLineage());
    IcebergSupport.snapshotId(relation.table())
        .ifPresent(
            snapshot ->
                facets.version(context.openLineage().newDatasetVersionDatasetFacet(snapshot)));
    return List.of(
        context.datasetFactory().input(id.namespace(), id.name(), tableSchema(relation), facets));
  }

  /**
   * The table's columns: not the relation's output, which also holds the metadata columns a
   * row-level operation reads (Iceberg's {@code _file}, {@code _pos}).
   */
  private static StructType tableSchema(DataSourceV2Relation relation) {
    return CatalogV2Util.v2ColumnsToStructType(relation.table().columns());
  }

  private Optional<V2TableIdentity> identity(DataSourceV2Relation relation) {
    return V2TableIdentity.of(relation, context.sparkSession().orElse(null));
  }
}
