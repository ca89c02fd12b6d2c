package io.headwater.spark.connectors.v2;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.AppendData;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * An append to a DataSourceV2 catalog table: {@code INSERT INTO}, {@code df.writeTo(t).append()},
 * and the write Spark runs as its own execution after a CTAS has created the table.
 *
 * <pre>
 *   AppendData(table = DataSourceV2Relation(catalog = Some(c), identifier = Some(id)), query)
 *     -> one output named by the table ({@link V2WriteTargets}); schema = the table's; no lifecycle change
 * </pre>
 *
 * Does not match a target relation without a catalog or identifier (unless its properties declare a
 * dataset). Job-name suffix: {@code testcat_ns_t}; {@code db_t} for a session-catalog table.
 */
@Internal
public final class AppendDataVisitor
    extends QueryPlanVisitor<AppendData, OpenLineage.OutputDataset> {
  private final V2WriteTargets targets;

  public AppendDataVisitor(OpenLineageContext context) {
    super(context);
    this.targets = new V2WriteTargets(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof AppendData append && targets.isNamed(append);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(AppendData node) {
    return targets.outputs(node, null);
  }

  @Override
  public Optional<String> jobNameSuffix(AppendData node) {
    return targets.jobNameSuffix(node);
  }
}
