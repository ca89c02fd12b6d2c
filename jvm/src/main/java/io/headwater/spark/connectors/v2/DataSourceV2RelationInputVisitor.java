package io.headwater.spark.connectors.v2;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;

/**
 * A DataSourceV2 catalog table read inside a command whose query Spark does not optimize (the query
 * of a CTAS/RTAS, and of the write Spark runs next), where the relation has not become a scan.
 *
 * <pre>
 *   DataSourceV2Relation(table, catalog = Some(c), identifier = Some(id))
 *     -> one input named by the table ({@link V2TableInputs}); schema = the table's columns;
 *        the {@code version} facet for an Iceberg table
 * </pre>
 *
 * Does not match an undeclared relation without a catalog or identifier (a path-based V2 source),
 * nor the target relation of a V2 write, which is a field of the write command and not a plan
 * child. The optimized read is {@link DataSourceV2ScanRelationInputVisitor}'s.
 */
@Internal
public final class DataSourceV2RelationInputVisitor
    extends QueryPlanVisitor<DataSourceV2Relation, OpenLineage.InputDataset> {
  private final V2TableInputs tables;

  public DataSourceV2RelationInputVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new V2TableInputs(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof DataSourceV2Relation relation && tables.isNamed(relation);
  }

  @Override
  protected List<OpenLineage.InputDataset> visit(DataSourceV2Relation node) {
    return tables.inputs(node);
  }
}
