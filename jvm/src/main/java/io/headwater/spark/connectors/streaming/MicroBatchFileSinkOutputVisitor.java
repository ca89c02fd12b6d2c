package io.headwater.spark.connectors.streaming;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.naming.FileDatasetNames;
import io.headwater.spark.tables.MicroBatchSinkOutputs;
import io.headwater.spark.versions.SparkVersions;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.execution.streaming.sources.WriteToMicroBatchDataSourceV1;

/**
 * The output of one micro-batch of a streaming query that writes files ({@code
 * writeStream.format("parquet") .start(path)}, csv, json, orc, text).
 *
 * <pre>
 *   WriteToMicroBatchDataSourceV1(sink = FileStreamSink, writeOptions["path"] = p, query)
 *     -> one output named by p, qualified with its file system; schema = the query's schema
 *   WriteToMicroBatchDataSourceV1(catalogTable = Some(t), sink = FileStreamSink, ...)   toTable("db.t")
 *     -> the table t, named as a batch write to it is (its location with a symlink db.t)
 * </pre>
 *
 * The node is the root of the micro-batch's analysed plan ({@code IncrementalExecution.logical});
 * the optimized plan Spark 4.1 keeps has the write removed. Other sinks of this node ({@code
 * ForeachBatchSink}, whose outputs are the writes the user's function makes; memory, console) are
 * not matched. The table-or-path step is {@link MicroBatchSinkOutputs}'s. Job-name suffix: the last
 * two segments of the path; {@code db_t} for a table.
 */
@Internal
public final class MicroBatchFileSinkOutputVisitor
    extends QueryPlanVisitor<WriteToMicroBatchDataSourceV1, OpenLineage.OutputDataset> {
  private final MicroBatchSinkOutputs outputs;

  public MicroBatchFileSinkOutputVisitor(OpenLineageContext context) {
    super(context);
    this.outputs = new MicroBatchSinkOutputs(context, this::identifier);
  }

  @Override
  public boolean isDefinedAt(org.apache.spark.sql.catalyst.plans.logical.LogicalPlan node) {
    return node instanceof WriteToMicroBatchDataSourceV1 write
        && SparkVersions.streaming().isFileSink(write.sink())
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

  /** The path qualified with its file system when it has no scheme; as given when it cannot be. */
  private DatasetIdentifier identifier(String path) {
    Path location = new Path(path);
    if (location.toUri().getScheme() == null && context.sparkSession().isPresent()) {
      try {
        location =
            location
                .getFileSystem(context.sparkSession().get().sessionState().newHadoopConf())
                .makeQualified(location);
      } catch (java.io.IOException e) {
        // keep the path as given
      }
    }
    return FileDatasetNames.of(location.toUri());
  }
}
