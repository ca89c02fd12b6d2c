package io.headwater.spark.reading;

import io.headwater.spark.reading.walk.ConnectorRegistry;
import io.headwater.spark.reading.walk.PlanChildren;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.V2CreateTableAsSelectPlan;
import org.apache.spark.sql.catalyst.plans.logical.V2WriteCommand;

/**
 * The query whose rows a write command writes, whose columns the {@code columnLineage} facet
 * traces:
 *
 * <pre>
 *   V2CreateTableAsSelectPlan(name, query, ...)   -> query (its first child is the table's name)
 *   V2WriteCommand(table, query, ...)             -> query (AppendData, OverwriteByExpression, ...)
 *   a row-level write (RowLevelWrites#isRowLevelWrite: ReplaceData / WriteDelta, a metadata-only
 *   DELETE, a connector's row-level command such as Delta's MERGE/UPDATE/DELETE)
 *                                                 -> none: the rows they write mix the table's own
 *                                                    rows with the changed ones; their column
 *                                                    lineage is read from their clauses instead
 *                                                    (RowLevelWrites)
 *   any other command                             -> its first child or hidden query (PlanChildren)
 * </pre>
 */
final class WrittenQuery {
  private WrittenQuery() {}

  static Optional<LogicalPlan> of(LogicalPlan root, ConnectorRegistry connectors) {
    if (RowLevelWrites.isRowLevelWrite(root, connectors)) {
      return Optional.empty();
    }
    if (root instanceof V2CreateTableAsSelectPlan ctas) {
      return Optional.of(ctas.query());
    }
    if (root instanceof V2WriteCommand write) {
      return Optional.of(write.query());
    }
    List<LogicalPlan> below = PlanChildren.of(root, connectors);
    return below.isEmpty() ? Optional.empty() : Optional.of(below.get(0));
  }
}
