package io.headwater.spark.reading;

import io.headwater.spark.api.RowLevelWrite;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.reading.walk.Connectors;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.plans.logical.Join;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.MergeRows;

/**
 * The row-level write a plan root is, for its column lineage ({@link RowLevelWrite}), read from
 * Spark's rewrites of {@code MERGE INTO}, {@code UPDATE} and {@code DELETE} on DataSourceV2 tables
 * (Iceberg) or asked of the connectors (Delta's commands, {@code Connector#rowLevelWrite}):
 *
 * <pre>
 *   ReplaceData / WriteDelta(condition, query, originalTable)    (copy-on-write / merge-on-read)
 *     query ... MergeRows(instructions, Join(target, source, ...))
 *                 -> MERGE: table originalTable, target, source, condition = the join's (the
 *                    write's own condition is TRUE when a NOT MATCHED BY SOURCE clause may touch
 *                    every row);
 *                    one clause per instruction: its condition, and for each of its output rows
 *                    the value at position i assigned to MergeRows' column i (by name)
 *     query without MergeRows
 *                 -> UPDATE or DELETE: target = query, condition = the WHERE; one clause
 *                    assigning each of query's columns named like a table column
 * </pre>
 *
 * A {@code MergeRows} whose child is not a join (a shape Spark does not plan today) gives no
 * row-level write, so no facet rather than a wrong one.
 */
final class RowLevelWrites {
  private RowLevelWrites() {}

  static Optional<RowLevelWrite> of(LogicalPlan root) {
    if (root instanceof org.apache.spark.sql.catalyst.plans.logical.RowLevelWrite write) {
      return ofRewrite(write);
    }
    return Connectors.first(connector -> connector.rowLevelWrite(root));
  }

  private static Optional<RowLevelWrite> ofRewrite(
      org.apache.spark.sql.catalyst.plans.logical.RowLevelWrite write) {
    LogicalPlan table = (LogicalPlan) write.originalTable();
    LogicalPlan node = write.query();
    while (!(node instanceof MergeRows) && node.children().size() == 1) {
      node = node.children().head();
    }
    if (!(node instanceof MergeRows merge)) {
      Map<String, List<Expression>> columns = new LinkedHashMap<>();
      for (Attribute column : ScalaCollections.asJava(write.query().output())) {
        columns.putIfAbsent(column.name(), List.of(column));
      }
      return Optional.of(
          new RowLevelWrite(
              table,
              write.query(),
              Optional.empty(),
              Optional.of(write.condition()),
              List.of(new RowLevelWrite.Clause(Optional.empty(), columns))));
    }
    LogicalPlan below = merge.child();
    while (!(below instanceof Join) && below.children().size() == 1) {
      below = below.children().head();
    }
    if (!(below instanceof Join join) || join.condition().isEmpty()) {
      return Optional.empty();
    }
    List<Attribute> output = ScalaCollections.asJava(merge.output());
    List<RowLevelWrite.Clause> clauses = new ArrayList<>();
    List<MergeRows.Instruction> instructions =
        new ArrayList<>(ScalaCollections.asJava(merge.matchedInstructions()));
    instructions.addAll(ScalaCollections.asJava(merge.notMatchedInstructions()));
    instructions.addAll(ScalaCollections.asJava(merge.notMatchedBySourceInstructions()));
    for (MergeRows.Instruction instruction : instructions) {
      Map<String, List<Expression>> assigned = new LinkedHashMap<>();
      for (scala.collection.Seq<Expression> row : ScalaCollections.asJava(instruction.outputs())) {
        List<Expression> values = ScalaCollections.asJava(row);
        for (int i = 0; i < values.size() && i < output.size(); i++) {
          assigned
              .computeIfAbsent(output.get(i).name(), name -> new ArrayList<>())
              .add(values.get(i));
        }
      }
      Expression when = instruction.condition();
      clauses.add(
          new RowLevelWrite.Clause(
              Literal.TrueLiteral().semanticEquals(when) ? Optional.empty() : Optional.of(when),
              assigned));
    }
    return Optional.of(
        new RowLevelWrite(
            table,
            join.left(),
            Optional.of(join.right()),
            Optional.of(join.condition().get()),
            clauses));
  }
}
