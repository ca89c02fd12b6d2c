package io.headwater.spark.connectors.delta;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.naming.CatalogTables;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;
import org.apache.spark.sql.execution.datasources.LogicalRelation;

/**
 * The table a Delta Lake {@code MERGE INTO}, {@code UPDATE} or {@code DELETE} writes, found in the
 * command's {@code target()} plan ({@link DeltaSupport}), as an output dataset. Shared by the
 * visitors of the three commands.
 *
 * <pre>
 *   command(target = ... LogicalRelation(HadoopFsRelation(TahoeFileIndex), catalogTable) ...)
 *     -> the first file relation of target: a catalog table by its location with a symlink db.table
 *        ({@link CatalogTables}), a path table ({@code delta.`/path`}) by its path; schema = the relation's;
 *        no lifecycle change (the rows change, not the table)
 *   command(target without a file relation), or a Delta version without target()
 *     -> none: the visitors do not match
 * </pre>
 */
final class DeltaRowLevelTargets {
  private final OpenLineageContext context;

  DeltaRowLevelTargets(OpenLineageContext context) {
    this.context = Objects.requireNonNull(context, "context");
  }

  /** The file relation of the written table, the first one in the command's target plan. */
  Optional<LogicalRelation> of(LogicalPlan command) {
    return DeltaSupport.rowLevelTarget(command).flatMap(DeltaRowLevelTargets::firstFileRelation);
  }

  /** The table {@code target} reads, as one output. */
  List<OpenLineage.OutputDataset> outputs(LogicalRelation target) {
    return TableDatasets.output(
        context, TableDatasets.identify(context, target), target.schema(), null);
  }

  /** {@code db_table} for a catalog table, the last two path segments for a path table. */
  String jobNameSuffix(LogicalRelation target) {
    return TableDatasets.jobNameSuffix(context, target);
  }

  /**
   * The first file relation of {@code target} in pre-order over its children, found by Spark's own
   * {@code TreeNode.find}: not by the plan walk ({@code reading.walk.PlanWalk}), which sits in a
   * layer above the connectors and asks them for the hidden children of their commands, so a
   * connector that used it would close a dependency cycle; nor does the target plan need what the
   * walk adds (subquery plans, cached plans, commands' hidden queries).
   */
  private static Optional<LogicalRelation> firstFileRelation(LogicalPlan target) {
    return ScalaCollections.asJava(
            target.find(
                node ->
                    node instanceof LogicalRelation relation
                        && relation.relation() instanceof HadoopFsRelation))
        .map(LogicalRelation.class::cast);
  }
}
