package io.headwater.spark.reading.walk;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.versions.SparkVersions;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.QueryPlan;
import org.apache.spark.sql.catalyst.plans.logical.DeleteFromTableWithFilters;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.columnar.InMemoryRelation;

/**
 * The descent rules of the one plan walk ({@link PlanWalk}), kept in this one place: what the walk
 * descends into below a node: its children, its logical inner children, the subquery plans in its
 * expressions, and the plans Spark keeps out of the tree — the logical plan a cached DataFrame
 * ({@code InMemoryRelation}) was built from, the table of a metadata-only {@code DELETE} ({@code
 * DeleteFromTableWithFilters}), and the query of commands that run it themselves, which the
 * connectors name ({@link io.headwater.spark.api.Connector#hiddenQueries}: e.g. a V1 CTAS's or a
 * Hive CTAS's query, the source and target of a Delta {@code MERGE INTO}).
 */
@Internal
public final class PlanChildren {
  private PlanChildren() {}

  /**
   * What is below {@code node}, in walk order (children first).
   *
   * @param connectors asked for the hidden queries of their commands
   */
  public static List<LogicalPlan> of(LogicalPlan node, ConnectorRegistry connectors) {
    List<LogicalPlan> next = new ArrayList<>(ScalaCollections.asJava(node.children()));
    for (QueryPlan<?> inner : ScalaCollections.asJava(node.innerChildren())) {
      if (inner instanceof LogicalPlan plan) {
        next.add(plan); // e.g. the query of a SaveIntoDataSourceCommand, which is not one of its
        // children
      }
    }
    next.addAll(ScalaCollections.asJava(node.subqueries()));
    if (node instanceof InMemoryRelation cached) {
      LogicalPlan plan = SparkVersions.cachedPlans().logicalPlan(cached);
      if (plan != null) {
        next.add(plan);
      }
    } else if (node instanceof DeleteFromTableWithFilters delete) {
      next.add(delete.table()); // the table a metadata-only DELETE reads and writes
    } else {
      next.addAll(connectors.hiddenQueries(node));
    }
    return next;
  }
}
