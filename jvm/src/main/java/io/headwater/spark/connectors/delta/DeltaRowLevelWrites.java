package io.headwater.spark.connectors.delta;

import io.headwater.spark.api.RowLevelWrite;
import io.headwater.spark.compat.ScalaCollections;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a Delta Lake row-level command assigns and tests ({@link RowLevelWrite}), read through the
 * commands' public accessors by reflection (Delta is not on the agent's class path), the same on
 * Delta 3.3 (Spark 3.5) and 4.x:
 *
 * <pre>
 *   MergeIntoCommand: source(), target(), condition(): Expression,
 *     matchedClauses(), notMatchedClauses(), notMatchedBySourceClauses(): Seq[clause]
 *     clause: condition(): Option[Expression], actions(): Seq[DeltaMergeAction] (none for DELETE;
 *       UPDATE SET * and INSERT * already expanded, one per column)
 *     DeltaMergeAction: targetColNameParts(): Seq[String] (the column, then nested fields), expr()
 *   UpdateCommand: target(), updateExpressions(): Seq[Expression] (one per column of target, in
 *     order; an unassigned column is its own attribute), condition(): Option[Expression]
 *   DeleteCommand: target(), condition(): Option[Expression]
 * </pre>
 *
 * A command whose accessors are not these (an unsupported Delta version) gives none, logged once.
 */
final class DeltaRowLevelWrites {
  private static final Logger LOG = LoggerFactory.getLogger(DeltaRowLevelWrites.class);
  private static final AtomicBoolean WARNED = new AtomicBoolean();

  private DeltaRowLevelWrites() {}

  static Optional<RowLevelWrite> of(LogicalPlan root) {
    if (!DeltaSupport.isRowLevelCommand(root)) {
      return Optional.empty();
    }
    try {
      LogicalPlan target = (LogicalPlan) call(root, "target");
      String command = root.getClass().getSimpleName();
      if (command.equals(DeltaSupport.MERGE_INTO)) {
        List<RowLevelWrite.Clause> clauses = new ArrayList<>();
        for (String kind :
            List.of("matchedClauses", "notMatchedClauses", "notMatchedBySourceClauses")) {
          for (Object clause : seq(call(root, kind))) {
            clauses.add(mergeClause(clause));
          }
        }
        return Optional.of(
            new RowLevelWrite(
                target,
                target,
                Optional.of((LogicalPlan) call(root, "source")),
                Optional.of((Expression) call(root, "condition")),
                clauses));
      }
      List<RowLevelWrite.Clause> clauses = new ArrayList<>();
      if (command.equals(DeltaSupport.UPDATE)) {
        List<Attribute> columns = ScalaCollections.asJava(target.output());
        List<Object> values = seq(call(root, "updateExpressions"));
        Map<String, List<Expression>> assignments = new LinkedHashMap<>();
        for (int i = 0; i < columns.size() && i < values.size(); i++) {
          assignments.put(columns.get(i).name(), List.of((Expression) values.get(i)));
        }
        clauses.add(new RowLevelWrite.Clause(Optional.empty(), assignments));
      }
      return Optional.of(
          new RowLevelWrite(target, target, Optional.empty(), condition(root), clauses));
    } catch (ReflectiveOperationException | RuntimeException e) {
      if (WARNED.compareAndSet(false, true)) {
        LOG.warn(
            "Headwater: Delta command {} cannot be read (an unsupported Delta version?); its"
                + " output has no columnLineage: {}",
            root.getClass().getName(),
            e.toString());
      }
      return Optional.empty();
    }
  }

  private static RowLevelWrite.Clause mergeClause(Object clause)
      throws ReflectiveOperationException {
    Map<String, List<Expression>> assignments = new LinkedHashMap<>();
    for (Object action : seq(call(clause, "actions"))) {
      List<Object> parts = seq(call(action, "targetColNameParts"));
      assignments
          .computeIfAbsent(String.valueOf(parts.get(0)), name -> new ArrayList<>())
          .add((Expression) call(action, "expr"));
    }
    return new RowLevelWrite.Clause(condition(clause), assignments);
  }

  private static Optional<Expression> condition(Object node) throws ReflectiveOperationException {
    return ScalaCollections.asJava((scala.Option<?>) call(node, "condition"))
        .map(Expression.class::cast);
  }

  @SuppressWarnings("unchecked")
  private static List<Object> seq(Object value) {
    return ScalaCollections.asJava((scala.collection.Seq<Object>) value);
  }

  private static Object call(Object target, String accessor) throws ReflectiveOperationException {
    return target.getClass().getMethod(accessor).invoke(target);
  }
}
