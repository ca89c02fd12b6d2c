package io.headwater.spark.connectors.streaming;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.naming.FileDatasetNames;
import io.headwater.spark.tables.CatalogTableOutputs;
import io.headwater.spark.versions.SparkVersions;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.execution.streaming.sources.WriteToMicroBatchDataSourceV1;
import scala.Option;

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
 * not matched. Job-name suffix: the last two segments of the path; {@code db_t} for a table.
 */
@Internal
public final class MicroBatchFileSinkOutputVisitor
    extends QueryPlanVisitor<WriteToMicroBatchDataSourceV1, OpenLineage.OutputDataset> {
  private static final String PATH = "path";

  public MicroBatchFileSinkOutputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(org.apache.spark.sql.catalyst.plans.logical.LogicalPlan node) {
    return node instanceof WriteToMicroBatchDataSourceV1 write
        && SparkVersions.streaming().isFileSink(write.sink())
        && (write.catalogTable().isDefined() || write.writeOptions().get(PATH).isDefined());
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(WriteToMicroBatchDataSourceV1 node) {
    if (node.catalogTable().isDefined()) {
      return new CatalogTableOutputs(context)
          .output(node.catalogTable().get(), node.query().schema(), null);
    }
    DatasetIdentifier id = identifier(node);
    return List.of(
        context.datasetFactory().output(id.getNamespace(), id.getName(), node.query().schema()));
  }

  @Override
  public Optional<String> jobNameSuffix(WriteToMicroBatchDataSourceV1 node) {
    if (node.catalogTable().isDefined()) {
      return new CatalogTableOutputs(context).jobNameSuffix(node.catalogTable().get());
    }
    return Optional.of(FileDatasetNames.jobNameSuffix(identifier(node).getName()));
  }

  private DatasetIdentifier identifier(WriteToMicroBatchDataSourceV1 node) {
    Option<String> path = node.writeOptions().get(PATH);
    Path location = new Path(path.get());
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
