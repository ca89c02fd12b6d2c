package io.headwater.spark.reading;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.RowLevelWrite;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.reading.walk.ConnectorRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.plans.logical.DeleteFromTable;
import org.apache.spark.sql.catalyst.plans.logical.DeleteFromTableWithFilters;
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
 *   DeleteFromTableWithFilters(table, filters)    (a metadata-only DELETE: whole partitions)
 *                 -> DELETE: table = target = table, condition = the analyzed plan's (the filters
 *                    are translated to the connector's predicates); no clauses
 *   DeleteFromTable(table, condition)             (a table deleting by filter, not by rewrite)
 *                 -> the same, condition = condition
 * </pre>
 *
 * A {@code MergeRows} whose child is not a join (a shape Spark does not plan today) gives no
 * row-level write, so no facet rather than a wrong one.
 */
@Internal
public final class RowLevelWrites {
  private RowLevelWrites() {}

  /**
   * True when plan root {@code root} is a row-level write: Spark's rewrite of one ({@code
   * ReplaceData}, {@code WriteDelta}), a metadata-only {@code DELETE} ({@code
   * DeleteFromTableWithFilters}, {@code DeleteFromTable}), or a connector's row-level command
   * ({@code Connector#rewritesTableRows}: Delta's {@code MERGE INTO}, {@code UPDATE}, {@code
   * DELETE}).
   */
  public static boolean isRowLevelWrite(LogicalPlan root, ConnectorRegistry connectors) {
    return root instanceof org.apache.spark.sql.catalyst.plans.logical.RowLevelWrite
        || root instanceof DeleteFromTableWithFilters
        || root instanceof DeleteFromTable
        || connectors.rewritesTableRows(root);
  }

  /**
   * The row-level write plan root {@code root} is, if it is one.
   *
   * @param analyzed the execution's analyzed plan, whose row-level write holds the condition of a
   *     metadata-only {@code DELETE} as an expression (the optimized plan holds it translated)
   */
  static Optional<RowLevelWrite> of(
      LogicalPlan root, Optional<LogicalPlan> analyzed, ConnectorRegistry connectors) {
    if (root instanceof org.apache.spark.sql.catalyst.plans.logical.RowLevelWrite write) {
      return ofRewrite(write);
    }
    if (root instanceof DeleteFromTableWithFilters delete) {
      return analyzed
          .flatMap(RowLevelWrites::deleteCondition)
          .map(where -> delete(delete.table(), where));
    }
    if (root instanceof DeleteFromTable delete) {
      return Optional.of(delete(delete.table(), delete.condition()));
    }
    return connectors.rowLevelWrite(root);
  }

  /** A {@code DELETE} of {@code table}'s rows where {@code where} holds. */
  private static RowLevelWrite delete(LogicalPlan table, Expression where) {
    return new RowLevelWrite(table, table, Optional.empty(), Optional.of(where), List.of());
  }

  /** The condition of the {@code DELETE} an analyzed plan is, as Spark rewrote it or not. */
  private static Optional<Expression> deleteCondition(LogicalPlan analyzed) {
    if (analyzed instanceof org.apache.spark.sql.catalyst.plans.logical.RowLevelWrite write) {
      return Optional.of(write.condition());
    }
    return analyzed instanceof DeleteFromTable delete
        ? Optional.of(delete.condition())
        : Optional.empty();
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
