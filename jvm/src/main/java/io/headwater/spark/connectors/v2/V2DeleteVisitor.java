package io.headwater.spark.connectors.v2;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.plans.logical.DeleteFromTable;
import org.apache.spark.sql.catalyst.plans.logical.DeleteFromTableWithFilters;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.SubqueryAlias;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;

/**
 * A {@code DELETE} of a DataSourceV2 catalog table that Spark runs as a delete by filter, not as a
 * rewrite of the table's rows: one instance per node. {@link #metadataOnly} for Spark's
 * metadata-only delete (e.g. {@code DELETE FROM t WHERE part_col = 'x'} removing whole partitions
 * of an identity-partitioned Iceberg table), {@link #byFilter} for a table that deletes only by
 * filter.
 *
 * <pre>
 *   DeleteFromTableWithFilters(table = DataSourceV2Relation(catalog = Some(c), identifier = Some(id)), filters)
 *   DeleteFromTable(table = DataSourceV2Relation(...), condition)
 *     -> one output named by the table ({@link V2WriteTargets}); schema = the table's; no lifecycle
 *        change (rows go, the table stays). The walk reads the table as an input too, as the
 *        rewrites of a DELETE read it ({@code PlanChildren})
 * </pre>
 *
 * Does not match a table without a catalog or identifier (unless its properties declare a dataset).
 * Job-name suffix: {@code iceberg_db_t}.
 *
 * @param <T> {@code DeleteFromTableWithFilters} or {@code DeleteFromTable}
 */
@Internal
public final class V2DeleteVisitor<T extends LogicalPlan>
    extends QueryPlanVisitor<T, OpenLineage.OutputDataset> {
  private final V2WriteTargets targets;
  private final Class<T> type;
  private final Function<T, LogicalPlan> table;

  private V2DeleteVisitor(
      OpenLineageContext context, Class<T> type, Function<T, LogicalPlan> table) {
    super(context, type);
    this.targets = new V2WriteTargets(context);
    this.type = type;
    this.table = table;
  }

  /** Spark's metadata-only delete ({@code DeleteFromTableWithFilters}). */
  public static V2DeleteVisitor<DeleteFromTableWithFilters> metadataOnly(
      OpenLineageContext context) {
    return new V2DeleteVisitor<>(
        context, DeleteFromTableWithFilters.class, DeleteFromTableWithFilters::table);
  }

  /** The delete of a table that deletes by filter only ({@code DeleteFromTable}). */
  public static V2DeleteVisitor<DeleteFromTable> byFilter(OpenLineageContext context) {
    return new V2DeleteVisitor<>(context, DeleteFromTable.class, DeleteFromTable::table);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return type.isInstance(node) && relation(type.cast(node)).filter(targets::isNamed).isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(T node) {
    return targets.outputs(relation(node).orElseThrow(), null);
  }

  @Override
  public Optional<String> jobNameSuffix(T node) {
    return relation(node).flatMap(targets::jobNameSuffix);
  }

  private Optional<DataSourceV2Relation> relation(T node) {
    LogicalPlan plan = table.apply(node);
    while (plan instanceof SubqueryAlias alias) {
      plan = alias.child();
    }
    return plan instanceof DataSourceV2Relation relation ? Optional.of(relation) : Optional.empty();
  }
}
