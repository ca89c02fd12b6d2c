package io.headwater.spark.connectors.v2;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.OverwriteByExpression;
import org.apache.spark.sql.catalyst.plans.logical.OverwritePartitionsDynamic;
import org.apache.spark.sql.catalyst.plans.logical.V2WriteCommand;

/**
 * An overwrite of a DataSourceV2 catalog table, one instance per command: {@link #byExpression} for
 * the rows matching a condition ({@code INSERT OVERWRITE t}, {@code df.writeTo(t).overwrite(cond)},
 * and the write Spark runs after an RTAS has replaced the table); {@link #partitionsDynamic} for a
 * dynamic partition overwrite ({@code df.writeTo(t).overwritePartitions()}, {@code INSERT
 * OVERWRITE} in dynamic partition-overwrite mode).
 *
 * <pre>
 *   OverwriteByExpression(table = DataSourceV2Relation(catalog = Some(c), identifier = Some(id)), deleteExpr, query)
 *   OverwritePartitionsDynamic(table = DataSourceV2Relation(catalog = Some(c), identifier = Some(id)), query)
 *     -> one output named by the table ({@link V2WriteTargets}); schema = the table's; lifecycle OVERWRITE
 * </pre>
 *
 * Does not match a target relation without a catalog or identifier (unless its properties declare a
 * dataset). Job-name suffix: {@code testcat_ns_t}; {@code db_t} for a session-catalog table.
 *
 * @param <T> {@code OverwriteByExpression} or {@code OverwritePartitionsDynamic}
 */
@Internal
public final class V2OverwriteVisitor<T extends LogicalPlan & V2WriteCommand>
    extends QueryPlanVisitor<T, OpenLineage.OutputDataset> {
  private final V2WriteTargets targets;
  private final Class<T> type;

  private V2OverwriteVisitor(OpenLineageContext context, Class<T> type) {
    super(context, type);
    this.targets = new V2WriteTargets(context);
    this.type = type;
  }

  /** The overwrite of the rows matching a condition ({@code OverwriteByExpression}). */
  public static V2OverwriteVisitor<OverwriteByExpression> byExpression(OpenLineageContext context) {
    return new V2OverwriteVisitor<>(context, OverwriteByExpression.class);
  }

  /** The dynamic partition overwrite ({@code OverwritePartitionsDynamic}). */
  public static V2OverwriteVisitor<OverwritePartitionsDynamic> partitionsDynamic(
      OpenLineageContext context) {
    return new V2OverwriteVisitor<>(context, OverwritePartitionsDynamic.class);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return type.isInstance(node) && targets.isNamed(type.cast(node));
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(T node) {
    return targets.outputs(node, LifecycleStateChange.OVERWRITE);
  }

  @Override
  public Optional<String> jobNameSuffix(T node) {
    return targets.jobNameSuffix(node);
  }
}
