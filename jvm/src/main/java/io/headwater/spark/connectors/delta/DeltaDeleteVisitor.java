package io.headwater.spark.connectors.delta;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The table a Delta Lake {@code DELETE FROM t WHERE ...} writes (Delta 4.x's optimized-plan root of
 * the statement). Delta is not linked: the node type is Delta's {@code DeleteCommand} class looked
 * up by name ({@link DeltaSupport#commandClass}), and the visitor is registered only when that
 * class is found.
 *
 * <pre>
 *   DeleteCommand(deltaLog, catalogTable, target = ... LogicalRelation(HadoopFsRelation(TahoeFileIndex)) ..., condition)
 *     -> one output: the written table ({@link DeltaRowLevelTargets}); schema = the table's; no lifecycle change
 * </pre>
 *
 * The table it reads comes from the plan walk: {@code target} is an inner child of the command.
 * Job-name suffix: {@code db_table} for a catalog table, the last two path segments for a path
 * table.
 */
public final class DeltaDeleteVisitor
    extends QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> {
  private final DeltaRowLevelTargets targets;

  /**
   * @throws IllegalStateException when Delta Lake's command class is not on the class path
   */
  public DeltaDeleteVisitor(OpenLineageContext context) {
    super(context);
    this.targets = new DeltaRowLevelTargets(context);
  }

  /** Delta's {@code org.apache.spark.sql.delta.commands.DeleteCommand}. */
  @Override
  protected Class<? extends LogicalPlan> nodeType() {
    return DeltaSupport.commandClass(DeltaSupport.DELETE)
        .orElseThrow(
            () -> new IllegalStateException("Delta Lake's DeleteCommand is not on the class path"));
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
