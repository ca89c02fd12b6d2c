package io.headwater.spark.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * A row-level write ({@code MERGE INTO}, {@code UPDATE}, {@code DELETE}) as column lineage reads
 * it: the table's rows are rewritten in place, each written field keeping its own value in the rows
 * no clause changes, so every field lists its own column as an IDENTITY source, beside the sources
 * of the values the clauses assign it (docs/column-lineage.md, "Row-level writes").
 *
 * <pre>
 *   MERGE INTO t USING s ON c WHEN MATCHED AND c1 THEN UPDATE SET a = e ... WHEN ... THEN DELETE
 *     -> table t, target t, source s, condition c (INDIRECT JOIN),
 *        clauses [(c1, {a: e}), ..., (c2, {})]    (each clause condition INDIRECT CONDITIONAL)
 *   UPDATE t SET a = e WHERE w  -> table t, target t, no source, condition w (INDIRECT FILTER),
 *                                  clauses [(none, {a: e})]
 *   DELETE FROM t WHERE w       -> table t, target t, no source, condition w (INDIRECT FILTER),
 *                                  no clauses
 * </pre>
 *
 * @param table a plan whose output columns are the written table's columns, by name (the relation
 *     reading the table)
 * @param target the plan whose columns the clauses' target-side expressions reference: the table's
 *     rows as the write reads them. Its own filters, joins and grouping are the write's mechanics
 *     (file pruning, the optimizer's null tests), never sources.
 * @param source a {@code MERGE}'s source, traced as any query (its filters, joins and grouping are
 *     INDIRECT sources); empty for {@code UPDATE} and {@code DELETE}
 * @param condition the merge condition (with a source) or the {@code WHERE} (without one); its
 *     subqueries' tables are read like any subquery's
 * @param clauses what the write assigns, in the order written
 */
public record RowLevelWrite(
    LogicalPlan table,
    LogicalPlan target,
    Optional<LogicalPlan> source,
    Optional<Expression> condition,
    List<Clause> clauses) {

  /**
   * One clause of a row-level write.
   *
   * @param condition the clause's own condition ({@code WHEN MATCHED AND ...}); empty for none
   * @param assignments field name (a top-level column of the table) to the expression its value
   *     gets, over the columns of the target and the source; empty for a {@code DELETE} clause
   */
  public record Clause(Optional<Expression> condition, Map<String, List<Expression>> assignments) {
    public Clause {
      Objects.requireNonNull(condition, "condition");
      assignments = Map.copyOf(assignments);
    }
  }

  public RowLevelWrite {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(condition, "condition");
    clauses = List.copyOf(clauses);
  }
}
