package io.headwater.spark.connectors.v2;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.execution.streaming.sources.WriteToMicroBatchDataSource;

/**
 * The output of one micro-batch of a streaming query that writes a DataSourceV2 catalog table
 * ({@code writeStream.toTable("iceberg.ns.t")}, or any table that supports streaming writes).
 *
 * <pre>
 *   WriteToMicroBatchDataSource(relation = DataSourceV2Relation(catalog = Some(c), identifier = Some(id)), query)
 *     -> one output named by the table, as a batch write to it is ({@link V2WriteTargets}); schema = the table's;
 *        no lifecycle change (a stream appends)
 * </pre>
 *
 * The node's {@code relation} is a {@code scala.Option} of the relation up to Spark 4.1 and the
 * relation itself from 4.2, so it is read by reflection, one method call per micro-batch. The node
 * is the root of the micro-batch's analysed plan ({@code IncrementalExecution.logical}). Does not
 * match a write to a sink without a catalog identifier ({@code writeStream.format("kafka")}, the
 * Kafka connector's; {@code memory}, {@code console}). Job-name suffix: {@code iceberg.ns.t}, as a
 * batch write's.
 */
@Internal
public final class MicroBatchTableWriteVisitor
    extends QueryPlanVisitor<WriteToMicroBatchDataSource, OpenLineage.OutputDataset> {
  private final V2WriteTargets targets;

  public MicroBatchTableWriteVisitor(OpenLineageContext context) {
    super(context);
    this.targets = new V2WriteTargets(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof WriteToMicroBatchDataSource write
        && relation(write).filter(targets::isNamed).isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(WriteToMicroBatchDataSource node) {
    return targets.outputs(relation(node).orElseThrow(), null);
  }

  @Override
  public Optional<String> jobNameSuffix(WriteToMicroBatchDataSource node) {
    return relation(node).flatMap(targets::jobNameSuffix);
  }

  /** The written table's relation, when the node holds one. */
  private static Optional<DataSourceV2Relation> relation(WriteToMicroBatchDataSource write) {
    Object relation;
    try {
      relation = write.getClass().getMethod("relation").invoke(write);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return Optional.empty();
    }
    if (relation instanceof scala.Option<?> option) {
      relation = option.isDefined() ? option.get() : null;
    }
    return relation instanceof DataSourceV2Relation table ? Optional.of(table) : Optional.empty();
  }
}
