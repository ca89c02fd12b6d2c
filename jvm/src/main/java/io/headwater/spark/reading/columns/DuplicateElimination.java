package io.headwater.spark.reading.columns;

import io.headwater.spark.compat.ScalaCollections;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.plans.logical.Deduplicate;
import org.apache.spark.sql.catalyst.plans.logical.DeduplicateWithinWatermark;
import org.apache.spark.sql.catalyst.plans.logical.Distinct;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The keys of a node that drops duplicate rows, as the analyzer leaves it (the optimizer rewrites
 * each into an {@code Aggregate} grouped by the same keys, read as GROUP_BY by {@link
 * ColumnLineageAnalyzer}); those keys decide which rows the query keeps, so they are GROUP_BY
 * sources of every output column. Shapes:
 *
 * <pre>
 *   Distinct(child)                          SELECT DISTINCT, UNION, distinct(): every column of child
 *   Deduplicate(keys, child)                 dropDuplicates() (keys: every column), dropDuplicates(cols)
 *   DeduplicateWithinWatermark(keys, child)  dropDuplicatesWithinWatermark(...)
 * </pre>
 *
 * Each passes its child's columns on unchanged: the other columns of {@code dropDuplicates(cols)}
 * are not keys.
 */
final class DuplicateElimination {
  private DuplicateElimination() {}

  /**
   * The columns whose values decide which rows {@code node} keeps; empty when {@code node} drops no
   * duplicates.
   */
  static Optional<List<RowKeys>> of(LogicalPlan node) {
    scala.collection.Seq<Attribute> keys;
    if (node instanceof Distinct distinct) {
      keys = distinct.child().output();
    } else if (node instanceof Deduplicate deduplicate) {
      keys = deduplicate.keys();
    } else if (node instanceof DeduplicateWithinWatermark deduplicate) {
      keys = deduplicate.keys();
    } else {
      return Optional.empty();
    }
    return Optional.of(
        List.of(new RowKeys(ScalaCollections.asJava(keys), Transformation.GROUP_BY)));
  }
}
