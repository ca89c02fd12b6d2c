package io.headwater.spark.reading.columns;

import io.headwater.spark.compat.ScalaCollections;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Exists;
import org.apache.spark.sql.catalyst.expressions.ListQuery;
import org.apache.spark.sql.catalyst.expressions.SubqueryExpression;

/**
 * The columns of a subquery's plan that the subquery expression's value is computed from. Only an
 * analyzed plan holds predicate subqueries (the optimizer rewrites them into semi and anti joins,
 * whose right side's columns never reach the output), so only a table write's query meets them
 * here:
 *
 * <pre>
 *   Exists(plan)                              EXISTS / NOT EXISTS (SELECT * FROM t WHERE ...):
 *                                             none; whether a row exists depends on the plan's own
 *                                             filters (row-level sources when the plan is analysed)
 *                                             and on the outer columns it correlates with, never on
 *                                             the columns the SELECT list names
 *   InSubquery(values, ListQuery(plan))       x IN (SELECT ...): the plan's first numCols columns,
 *                                             the ones compared with the values
 *   ScalarSubquery(plan), any other           every column of the plan (a scalar subquery has one)
 * </pre>
 *
 * So {@code EXISTS (SELECT * FROM t WHERE t.k = o.k)} names {@code t.k} and {@code o.k}, not every
 * column of {@code t}.
 */
final class SubqueryValues {
  private SubqueryValues() {}

  static List<Attribute> of(SubqueryExpression subquery) {
    if (subquery instanceof Exists) {
      return List.of();
    }
    List<Attribute> output = ScalaCollections.asJava(subquery.plan().output());
    if (subquery instanceof ListQuery list
        && list.numCols() >= 0
        && list.numCols() < output.size()) {
      return output.subList(0, list.numCols());
    }
    return output;
  }
}
