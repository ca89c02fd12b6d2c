package io.headwater.spark.reading.columns;

import io.headwater.spark.compat.ScalaCollections;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.plans.logical.Except;
import org.apache.spark.sql.catalyst.plans.logical.Intersect;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The row-level sources of {@code INTERSECT} and {@code EXCEPT} as the analyzer leaves them: which
 * rows come out depends on every column of both sides, compared row by row, so those columns are
 * INDIRECT sources of everything downstream (a {@code count(*)} over the set operation included).
 * The subtypes are those of the plan Spark's optimizer makes of each, so that a query gets the same
 * lineage whether Headwater reads its analyzed plan (a table write: CTAS, {@code saveAsTable}) or
 * its optimized one (a file write):
 *
 * <pre>
 *   Intersect(left, right, isAll = false)   ReplaceIntersectWithSemiJoin: Aggregate(left's columns,
 *   Except(left, right, isAll = false)      ReplaceExceptWithAntiJoin:      semi/anti Join(left, right,
 *                                                                           on every column pair))
 *                                           -> both sides' columns JOIN, left's GROUP_BY
 *   Intersect(left, right, isAll = true)    RewriteIntersectAll / RewriteExceptAll: Aggregate over a
 *   Except(left, right, isAll = true)       Union of both sides, grouped by every column
 *                                           -> both sides' columns GROUP_BY
 * </pre>
 *
 * The output columns are the left side's, passed on unchanged.
 */
final class SetComparisons {
  private SetComparisons() {}

  /**
   * The compared columns of both sides; empty when it is neither {@code INTERSECT} nor {@code
   * EXCEPT}.
   */
  static Optional<List<RowKeys>> of(LogicalPlan node) {
    LogicalPlan left;
    LogicalPlan right;
    boolean all;
    if (node instanceof Intersect intersect) {
      left = intersect.left();
      right = intersect.right();
      all = intersect.isAll();
    } else if (node instanceof Except except) {
      left = except.left();
      right = except.right();
      all = except.isAll();
    } else {
      return Optional.empty();
    }
    List<Attribute> leftColumns = ScalaCollections.asJava(left.output());
    List<Attribute> rightColumns = ScalaCollections.asJava(right.output());
    if (all) {
      return Optional.of(
          List.of(
              new RowKeys(leftColumns, Transformation.GROUP_BY),
              new RowKeys(rightColumns, Transformation.GROUP_BY)));
    }
    return Optional.of(
        List.of(
            new RowKeys(leftColumns, Transformation.JOIN),
            new RowKeys(rightColumns, Transformation.JOIN),
            new RowKeys(leftColumns, Transformation.GROUP_BY)));
  }
}
