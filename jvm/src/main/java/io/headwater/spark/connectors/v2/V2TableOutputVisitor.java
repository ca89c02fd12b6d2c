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
import org.apache.spark.sql.execution.streaming.sources.WriteToMicroBatchDataSource;

/**
 * A node, other than a {@code V2WriteCommand}, that changes the rows of one DataSourceV2 catalog
 * table in place: the table is its one output, named as a batch write names it ({@link
 * V2WriteTargets}), with the table's schema and no lifecycle change (the table stays). One instance
 * per node type:
 *
 * <pre>
 *   DeleteFromTableWithFilters(table = DataSourceV2Relation(catalog = Some(c), identifier = Some(id)), filters)
 *     Spark's metadata-only delete ({@link #metadataOnlyDelete}), e.g. DELETE FROM t WHERE part_col = 'x'
 *     removing whole partitions of an identity-partitioned Iceberg table
 *   DeleteFromTable(table = DataSourceV2Relation(...), condition)
 *     the delete of a table that deletes by filter only ({@link #deleteByFilter})
 *     (for both deletes the walk reads the table as an input too, as the rewrites of a DELETE read
 *     it: {@code PlanChildren})
 *   WriteToMicroBatchDataSource(relation = DataSourceV2Relation(...), query)
 *     one micro-batch of a streaming query writing a table ({@link #microBatchWrite}):
 *     writeStream.toTable("iceberg.ns.t"), or any table that supports streaming writes; the root of
 *     the micro-batch's analysed plan (IncrementalExecution.logical)
 * </pre>
 *
 * Does not match a table without a catalog or identifier (unless its properties declare a dataset),
 * nor a micro-batch write to a sink without one ({@code writeStream.format("kafka")}, the Kafka
 * connector's; {@code memory}, {@code console}). Job-name suffix: the table's, as a batch write's.
 *
 * @param <T> the node type
 */
@Internal
public final class V2TableOutputVisitor<T extends LogicalPlan>
    extends QueryPlanVisitor<T, OpenLineage.OutputDataset> {
  private final V2WriteTargets targets;
  private final Class<T> type;
  private final Function<T, Optional<DataSourceV2Relation>> table;

  private V2TableOutputVisitor(
      OpenLineageContext context,
      Class<T> type,
      Function<T, Optional<DataSourceV2Relation>> table) {
    super(context, type);
    this.targets = new V2WriteTargets(context);
    this.type = type;
    this.table = table;
  }

  /** Spark's metadata-only delete ({@code DeleteFromTableWithFilters}). */
  public static V2TableOutputVisitor<DeleteFromTableWithFilters> metadataOnlyDelete(
      OpenLineageContext context) {
    return new V2TableOutputVisitor<>(
        context, DeleteFromTableWithFilters.class, node -> underAliases(node.table()));
  }

  /** The delete of a table that deletes by filter only ({@code DeleteFromTable}). */
  public static V2TableOutputVisitor<DeleteFromTable> deleteByFilter(OpenLineageContext context) {
    return new V2TableOutputVisitor<>(
        context, DeleteFromTable.class, node -> underAliases(node.table()));
  }

  /**
   * One micro-batch's write to a table ({@code WriteToMicroBatchDataSource}). The node's {@code
   * relation} is a {@code scala.Option} of the relation up to Spark 4.1 and the relation itself
   * from 4.2, so it is read by reflection, one method call per micro-batch.
   */
  public static V2TableOutputVisitor<WriteToMicroBatchDataSource> microBatchWrite(
      OpenLineageContext context) {
    return new V2TableOutputVisitor<>(
        context, WriteToMicroBatchDataSource.class, V2TableOutputVisitor::microBatchRelation);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return type.isInstance(node)
        && table.apply(type.cast(node)).filter(targets::isNamed).isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(T node) {
    return targets.outputs(table.apply(node).orElseThrow(), null);
  }

  @Override
  public Optional<String> jobNameSuffix(T node) {
    return table.apply(node).flatMap(targets::jobNameSuffix);
  }

  private static Optional<DataSourceV2Relation> underAliases(LogicalPlan table) {
    LogicalPlan plan = table;
    while (plan instanceof SubqueryAlias alias) {
      plan = alias.child();
    }
    return plan instanceof DataSourceV2Relation relation ? Optional.of(relation) : Optional.empty();
  }

  private static Optional<DataSourceV2Relation> microBatchRelation(
      WriteToMicroBatchDataSource write) {
    Object relation;
    try {
      relation = write.getClass().getMethod("relation").invoke(write);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return Optional.empty();
    }
    if (relation instanceof scala.Option<?> option) {
      relation = option.isDefined() ? option.get() : null;
    }
    return relation instanceof DataSourceV2Relation found ? Optional.of(found) : Optional.empty();
  }
}
