package io.headwater.spark.connectors.v2;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.OverwritePartitionsDynamic;

/**
 * A dynamic partition overwrite of a DataSourceV2 catalog table: {@code
 * df.writeTo(t).overwritePartitions()}, {@code INSERT OVERWRITE} in dynamic partition-overwrite
 * mode.
 *
 * <pre>
 *   OverwritePartitionsDynamic(table = DataSourceV2Relation(catalog = Some(c), identifier = Some(id)), query)
 *     -> one output named by the table ({@link V2WriteTargets}); schema = the table's; lifecycle OVERWRITE
 * </pre>
 *
 * Does not match a target relation without a catalog or identifier (unless its properties declare a
 * dataset). Job-name suffix: {@code testcat_ns_t}; {@code db_t} for a session-catalog table.
 */
public final class OverwritePartitionsDynamicVisitor
    extends QueryPlanVisitor<OverwritePartitionsDynamic, OpenLineage.OutputDataset> {
  private final V2WriteTargets targets;

  public OverwritePartitionsDynamicVisitor(OpenLineageContext context) {
    super(context);
    this.targets = new V2WriteTargets(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof OverwritePartitionsDynamic overwrite && targets.isNamed(overwrite);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(OverwritePartitionsDynamic node) {
    return targets.outputs(node, LifecycleStateChange.OVERWRITE);
  }

  @Override
  public Optional<String> jobNameSuffix(OverwritePartitionsDynamic node) {
    return targets.jobNameSuffix(node);
  }
}
