package io.headwater.spark.connectors.v2;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceData;

/**
 * A copy-on-write row-level change of a DataSourceV2 table ({@code MERGE INTO}, {@code UPDATE},
 * {@code DELETE} on e.g. an Iceberg table in copy-on-write mode): the files holding changed rows
 * are rewritten.
 *
 * <pre>
 *   ReplaceData(table = DataSourceV2Relation(catalog = Some(c), identifier = Some(id)), condition, query, originalTable)
 *     -> one output named by the table ({@link V2WriteTargets}); schema = the table's; no lifecycle change (the
 *        rows change, not the table); the query reads the table itself, so the walk finds it as an input too
 * </pre>
 *
 * Does not match a target relation without a catalog or identifier (unless its properties declare a
 * dataset). Job-name suffix: {@code iceberg_db_t}.
 */
@Internal
public final class ReplaceDataVisitor
    extends QueryPlanVisitor<ReplaceData, OpenLineage.OutputDataset> {
  private final V2WriteTargets targets;

  public ReplaceDataVisitor(OpenLineageContext context) {
    super(context);
    this.targets = new V2WriteTargets(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof ReplaceData replace && targets.isNamed(replace);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(ReplaceData node) {
    return targets.outputs(node, null);
  }

  @Override
  public Optional<String> jobNameSuffix(ReplaceData node) {
    return targets.jobNameSuffix(node);
  }
}
