package io.headwater.spark.connectors.delta;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.tables.MicroBatchSinkOutputs;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.streaming.sources.WriteToMicroBatchDataSourceV1;

/**
 * The output of one micro-batch of a streaming query that writes a Delta table: {@code
 * writeStream.toTable("db.t")} on a table of Delta's catalog, or {@code
 * writeStream.format("delta").start(path)}.
 *
 * <pre>
 *   WriteToMicroBatchDataSourceV1(catalogTable = Some(t), sink = DeltaSink, query)        toTable
 *     -> the table t, named as a batch write to it is (its location with a symlink db.t)
 *   WriteToMicroBatchDataSourceV1(catalogTable = None, sink = DeltaSink, writeOptions["path"] = p, query)
 *     -> the path p ({@link DeltaSupport#pathIdentity})
 *   schema = the query's; no lifecycle change (a stream appends)
 * </pre>
 *
 * The node is the root of the micro-batch's analysed plan ({@code IncrementalExecution.logical});
 * Delta's sink is recognised by class name; the table-or-path step is {@link
 * MicroBatchSinkOutputs}'s. Job-name suffix: {@code db_t} for a table, the last two segments of the
 * path otherwise.
 */
@Internal
public final class DeltaStreamSinkOutputVisitor
    extends QueryPlanVisitor<WriteToMicroBatchDataSourceV1, OpenLineage.OutputDataset> {
  private final MicroBatchSinkOutputs outputs;

  public DeltaStreamSinkOutputVisitor(OpenLineageContext context) {
    super(context);
    this.outputs =
        new MicroBatchSinkOutputs(context, path -> DeltaSupport.pathIdentity(context, path));
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof WriteToMicroBatchDataSourceV1 write
        && DeltaSupport.isDeltaSink(write.sink())
        && MicroBatchSinkOutputs.namesTableOrPath(write);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(WriteToMicroBatchDataSourceV1 node) {
    return outputs.outputs(node);
  }

  @Override
  public Optional<String> jobNameSuffix(WriteToMicroBatchDataSourceV1 node) {
    return outputs.jobNameSuffix(node);
  }
}
