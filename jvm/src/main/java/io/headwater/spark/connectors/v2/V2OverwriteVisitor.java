package io.headwater.spark.connectors.v2;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.OverwriteByExpression;

/**
 * An overwrite of a DataSourceV2 catalog table's rows matching a condition: {@code INSERT OVERWRITE
 * t}, {@code df.writeTo(t).overwrite(cond)}, and the write Spark runs after an RTAS has replaced
 * the table.
 *
 * <pre>
 *   OverwriteByExpression(table = DataSourceV2Relation(catalog = Some(c), identifier = Some(id)), deleteExpr, query)
 *     -> one output named by the table ({@link V2WriteTargets}); schema = the table's; lifecycle OVERWRITE
 * </pre>
 *
 * Does not match a target relation without a catalog or identifier (unless its properties declare a
 * dataset). Job-name suffix: {@code testcat_ns_t}; {@code db_t} for a session-catalog table.
 */
public final class OverwriteByExpressionVisitor
    extends QueryPlanVisitor<OverwriteByExpression, OpenLineage.OutputDataset> {
  private final V2WriteTargets targets;

  public OverwriteByExpressionVisitor(OpenLineageContext context) {
    super(context);
    this.targets = new V2WriteTargets(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof OverwriteByExpression overwrite && targets.isNamed(overwrite);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(OverwriteByExpression node) {
    return targets.outputs(node, LifecycleStateChange.OVERWRITE);
  }

  @Override
  public Optional<String> jobNameSuffix(OverwriteByExpression node) {
    return targets.jobNameSuffix(node);
  }
}
