package io.headwater.spark.connectors.delta;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The table a Delta Lake {@code MERGE INTO t USING s ON ...} writes (Delta 4.x's optimized-plan
 * root of the statement). Delta is not linked: the node type is Delta's {@code MergeIntoCommand}
 * class looked up by name ({@link DeltaSupport#commandClass}), and the visitor is registered only
 * when that class is found.
 *
 * <pre>
 *   MergeIntoCommand(source, target = ... LogicalRelation(HadoopFsRelation(TahoeFileIndex), catalogTable) ..., ...)
 *     -> one output: the written table ({@link DeltaRowLevelTargets}); schema = the table's; no lifecycle change
 * </pre>
 *
 * The tables it reads come from the plan walk: source and target are not children of the (leaf)
 * command, and {@code reading.PlanChildren} adds them through {@link DeltaSupport#hiddenQueries}.
 * Job-name suffix: {@code db_table} for a catalog table, the last two path segments for a path
 * table.
 */
public final class DeltaMergeIntoVisitor
    extends QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> {
  private final DeltaRowLevelTargets targets;

  /**
   * @throws IllegalStateException when Delta Lake's command class is not on the class path
   */
  public DeltaMergeIntoVisitor(OpenLineageContext context) {
    super(context);
    this.targets = new DeltaRowLevelTargets(context);
  }

  /** Delta's {@code org.apache.spark.sql.delta.commands.MergeIntoCommand}. */
  @Override
  protected Class<? extends LogicalPlan> nodeType() {
    return DeltaSupport.commandClass(DeltaSupport.MERGE_INTO)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "Delta Lake's MergeIntoCommand is not on the class path"));
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return super.isDefinedAt(node) && targets.of(node).isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(LogicalPlan node) {
    return targets.outputs(targets.of(node).orElseThrow());
  }

  @Override
  public Optional<String> jobNameSuffix(LogicalPlan node) {
    return targets.of(node).map(targets::jobNameSuffix);
  }
}
