package io.headwater.spark.connectors.v2;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.connectors.iceberg.IcebergSupport;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.connector.catalog.CatalogV2Util;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.apache.spark.sql.types.StructType;

/**
 * Inputs of a DataSourceV2 catalog table read.
 *
 * <pre>
 *   DataSourceV2ScanRelation(relation = DataSourceV2Relation(table, catalog = Some(c), identifier = Some(id)))
 *     -- an optimized read: the optimizer pushed the scan down
 *   DataSourceV2Relation(table, catalog = Some(c), identifier = Some(id))
 *     -- a read inside a command whose query Spark does not optimize (CTAS/RTAS, the write they run next)
 *     -> one input named by {@link V2TableIdentity}; schema = the table's columns (all of them, not the pruned scan,
 *        and no metadata columns); for an Iceberg table the {@code version} facet, the snapshot read
 *        ({@link IcebergSupport#snapshotId}, time travel included)
 * </pre>
 *
 * A table whose properties declare its dataset ({@link DeclaredDataset}: {@code
 * openlineage.dataset.namespace} and {@code .name}) is that dataset instead, with the declared
 * facets, whatever its catalog.
 *
 * <p>Does not match an undeclared relation without a catalog or identifier (a path-based V2
 * source), nor the target relation of a V2 write, which is a field of the write command and not a
 * plan child.
 */
public final class DataSourceV2RelationInputVisitor
    extends QueryPlanVisitor<LogicalPlan, OpenLineage.InputDataset> {

  public DataSourceV2RelationInputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return relation(node)
        .filter(r -> DeclaredDataset.of(r).isPresent() || identity(r).isPresent())
        .isPresent();
  }

  @Override
  protected List<OpenLineage.InputDataset> visit(LogicalPlan node) {
    DataSourceV2Relation relation = relation(node).orElseThrow();
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

  private static Optional<DataSourceV2Relation> relation(LogicalPlan node) {
    if (node instanceof DataSourceV2ScanRelation scan) {
      return Optional.of(scan.relation());
    }
    return node instanceof DataSourceV2Relation relation ? Optional.of(relation) : Optional.empty();
  }
}
