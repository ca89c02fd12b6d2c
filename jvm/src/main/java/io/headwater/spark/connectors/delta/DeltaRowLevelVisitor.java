package io.headwater.spark.connectors.delta;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The table a Delta Lake row-level command writes: {@code MERGE INTO t USING s ON ...}, {@code
 * UPDATE t SET ... WHERE ...} or {@code DELETE FROM t WHERE ...} (Delta 4.x's optimized-plan root
 * of each statement). One visitor per command, made with its simple name. Delta is not linked: the
 * node type is Delta's command class looked up by name ({@link DeltaSupport#commandClass}), and the
 * visitor is made only when that class is found.
 *
 * <pre>
 *   MergeIntoCommand(source, target = ... LogicalRelation(HadoopFsRelation(TahoeFileIndex), catalogTable) ..., ...)
 *   UpdateCommand(tahoeFileIndex, catalogTable, target = ... LogicalRelation(HadoopFsRelation(TahoeFileIndex)) ..., ...)
 *   DeleteCommand(deltaLog, catalogTable, target = ... LogicalRelation(HadoopFsRelation(TahoeFileIndex)) ..., condition)
 *     -> one output: the written table ({@link DeltaRowLevelTargets}); schema = the table's; no lifecycle change
 * </pre>
 *
 * The tables a command reads come from the plan walk: UPDATE's and DELETE's {@code target} is an
 * inner child of the command; MERGE's source and target are not children of the (leaf) command, and
 * {@code reading.PlanChildren} adds them through {@link DeltaSupport#hiddenQueries}. Job-name
 * suffix: {@code db_table} for a catalog table, the last two path segments for a path table.
 */
@Internal
public final class DeltaRowLevelVisitor
    extends QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> {
  private final DeltaRowLevelTargets targets;

  /**
   * @param command the Delta command's simple name: {@link DeltaSupport#MERGE_INTO}, {@link
   *     DeltaSupport#UPDATE} or {@link DeltaSupport#DELETE}
   * @throws IllegalStateException when Delta Lake's command class is not on the class path
   */
  public DeltaRowLevelVisitor(OpenLineageContext context, String command) {
    super(context, commandClass(command));
    this.targets = new DeltaRowLevelTargets(context);
  }

  /** Delta's {@code org.apache.spark.sql.delta.commands.<command>}. */
  private static Class<? extends LogicalPlan> commandClass(String command) {
    return DeltaSupport.commandClass(Objects.requireNonNull(command, "command"))
        .orElseThrow(
            () ->
                new IllegalStateException("Delta Lake's " + command + " is not on the class path"));
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
