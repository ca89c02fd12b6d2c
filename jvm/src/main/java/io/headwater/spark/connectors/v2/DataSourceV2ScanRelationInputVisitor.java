package io.headwater.spark.connectors.v2;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;

/**
 * An optimized read of a DataSourceV2 catalog table: the optimizer pushed the scan down.
 *
 * <pre>
 *   DataSourceV2ScanRelation(relation = DataSourceV2Relation(table, catalog = Some(c), identifier = Some(id)), scan)
 *     -> one input named by the table ({@link V2TableInputs}); schema = the table's columns (not the pruned
 *        scan's); the {@code version} facet for an Iceberg table (the snapshot read, time travel included)
 * </pre>
 *
 * Does not match a scan of an undeclared relation without a catalog or identifier (a path-based V2
 * source).
 */
@Internal
public final class DataSourceV2ScanRelationInputVisitor
    extends QueryPlanVisitor<DataSourceV2ScanRelation, OpenLineage.InputDataset> {
  private final V2TableInputs tables;

  public DataSourceV2ScanRelationInputVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new V2TableInputs(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof DataSourceV2ScanRelation scan && tables.isNamed(scan.relation());
  }

  @Override
  protected List<OpenLineage.InputDataset> visit(DataSourceV2ScanRelation node) {
    return tables.inputs(node.relation());
  }
}
