package io.headwater.spark.connectors.v2;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceTableAsSelect;

/**
 * The table a DataSourceV2 catalog's {@code [CREATE OR] REPLACE TABLE t AS SELECT} and {@code
 * df.writeTo(t).createOrReplace()/.replace()} makes.
 *
 * <pre>
 *   ReplaceTableAsSelect(name = ResolvedIdentifier(catalog, id), partitioning, query, tableSpec, ...)
 *     -> one output named by the table ({@link V2CreatedTables}: tableSpec.location, when given, is the identity;
 *        the dataset the table's properties declare instead, when they do); lifecycle OVERWRITE
 * </pre>
 *
 * A session-catalog table (Delta Lake's {@code DeltaCatalog}) is named like a V1 table. Does not
 * match a name that is not a {@code ResolvedIdentifier}. Spark 4.1 runs the write as a second
 * execution ({@code OverwriteByExpression}, {@link OverwriteByExpressionVisitor}); the query is an
 * inner child of this command, which the plan walk visits for the inputs. Job-name suffix: {@code
 * <ns>.<table>}, without the catalog ({@code ns_t}).
 */
public final class V2ReplaceTableAsSelectVisitor
    extends QueryPlanVisitor<ReplaceTableAsSelect, OpenLineage.OutputDataset> {
  private final V2CreatedTables tables;

  public V2ReplaceTableAsSelectVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new V2CreatedTables(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof ReplaceTableAsSelect plan
        && tables.identity(plan, plan.tableSpec()).isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(ReplaceTableAsSelect node) {
    return tables.outputs(node, node.tableSpec(), LifecycleStateChange.OVERWRITE);
  }

  @Override
  public Optional<String> jobNameSuffix(ReplaceTableAsSelect node) {
    return tables.jobNameSuffix(node, node.tableSpec());
  }
}
