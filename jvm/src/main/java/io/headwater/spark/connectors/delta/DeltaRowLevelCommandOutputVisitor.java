package io.headwater.spark.connectors.delta;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.naming.CatalogTables;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;
import org.apache.spark.sql.execution.datasources.LogicalRelation;

/**
 * The table a Delta Lake {@code MERGE INTO}, {@code UPDATE} or {@code DELETE} writes (Delta's own
 * commands, recognised by class name through {@link DeltaSupport}; the optimized-plan roots of
 * these statements with Delta 4.x).
 *
 * <pre>
 *   MergeIntoCommand(source, target = ... LogicalRelation(HadoopFsRelation(TahoeFileIndex), catalogTable), ...)
 *   UpdateCommand(tahoeFileIndex, catalogTable, target = ... LogicalRelation(...), ...)
 *   DeleteCommand(deltaLog, catalogTable, target = ... LogicalRelation(...), ...)
 *     -> one output: a catalog table by its location with a symlink db.table ({@link CatalogTables}), a path table
 *        ({@code delta.`/path`}) by its path; schema = the table's; no lifecycleStateChange (the rows change, not the
 *        table)
 * </pre>
 *
 * The tables the statement reads come from the plan walk: the target of UPDATE/DELETE is an inner
 * child of the command, the source and target of MERGE are added by {@code PlanChildren}. Job-name
 * suffix: {@code db_table} for a catalog table, the last two path segments for a path table.
 */
public final class DeltaRowLevelCommandOutputVisitor
    extends QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> {

  public DeltaRowLevelCommandOutputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return DeltaSupport.isRowLevelCommand(node) && targetRelation(node).isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(LogicalPlan node) {
    LogicalRelation target = targetRelation(node).orElseThrow();
    DatasetIdentifier id = TableDatasets.identify(context, target);
    return TableDatasets.output(context, id, target.schema(), null);
  }

  @Override
  public Optional<String> jobNameSuffix(LogicalPlan node) {
    return targetRelation(node).map(target -> TableDatasets.jobNameSuffix(context, target));
  }

  /** The file relation of the written table, the first one in the command's target plan. */
  private static Optional<LogicalRelation> targetRelation(LogicalPlan node) {
    return DeltaSupport.rowLevelTarget(node)
        .flatMap(DeltaRowLevelCommandOutputVisitor::firstFileRelation);
  }

  private static Optional<LogicalRelation> firstFileRelation(LogicalPlan plan) {
    if (plan instanceof LogicalRelation relation
        && relation.relation() instanceof HadoopFsRelation) {
      return Optional.of(relation);
    }
    for (LogicalPlan child : ScalaCollections.asJava(plan.children())) {
      Optional<LogicalRelation> found = firstFileRelation(child);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }
}
