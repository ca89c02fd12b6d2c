package io.headwater.spark.connectors.v2;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.WriteDelta;

/**
 * A merge-on-read row-level change of a DataSourceV2 table ({@code MERGE INTO}, {@code UPDATE},
 * {@code DELETE} on e.g. an Iceberg table in merge-on-read mode): deletes and new rows are written
 * beside the existing files. (Spark's {@code WriteDelta}, not Delta Lake.)
 *
 * <pre>
 *   WriteDelta(table = DataSourceV2Relation(catalog = Some(c), identifier = Some(id)), condition, query, originalTable, ...)
 *     -> one output named by the table ({@link V2WriteTargets}); schema = the table's; no lifecycle change (the
 *        rows change, not the table); the query reads the table itself, so the walk finds it as an input too
 * </pre>
 *
 * Does not match a target relation without a catalog or identifier (unless its properties declare a
 * dataset). Job-name suffix: {@code iceberg_db_t}.
 */
@Internal
public final class WriteDeltaVisitor
    extends QueryPlanVisitor<WriteDelta, OpenLineage.OutputDataset> {
  private final V2WriteTargets targets;

  public WriteDeltaVisitor(OpenLineageContext context) {
    super(context);
    this.targets = new V2WriteTargets(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof WriteDelta write && targets.isNamed(write);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(WriteDelta node) {
    return targets.outputs(node, null);
  }

  @Override
  public Optional<String> jobNameSuffix(WriteDelta node) {
    return targets.jobNameSuffix(node);
  }
}
