package io.headwater.spark.tables;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.naming.FileDatasetNames;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.apache.spark.sql.execution.streaming.sources.WriteToMicroBatchDataSourceV1;

/**
 * The output of one micro-batch of a streaming query whose V1 sink writes a catalog table or a
 * path: the step the file sink's and Delta's sink visitors share (each recognises its own sink and
 * names a path its own way).
 *
 * <pre>
 *   WriteToMicroBatchDataSourceV1(catalogTable = Some(t), query)          writeStream.toTable("db.t")
 *     -> the table t, named as a batch write to it is ({@link CatalogTableOutputs}: its location
 *        with a symlink db.t); job-name suffix db_t
 *   WriteToMicroBatchDataSourceV1(catalogTable = None, writeOptions["path"] = p, query)   start(p)
 *     -> the dataset the sink's path naming gives p; job-name suffix the last two segments of its name
 *   schema = the query's; no lifecycle change (a stream appends)
 * </pre>
 *
 * A write with neither names no output ({@link #namesTableOrPath} is false).
 */
@Internal
public final class MicroBatchSinkOutputs {
  private static final String PATH = "path";

  private final OpenLineageContext context;
  private final Function<String, DatasetIdentifier> pathNaming;

  /**
   * @param pathNaming names the dataset of the sink's {@code path} option, as the sink's connector
   *     names a path it writes
   */
  public MicroBatchSinkOutputs(
      OpenLineageContext context, Function<String, DatasetIdentifier> pathNaming) {
    this.context = Objects.requireNonNull(context, "context");
    this.pathNaming = Objects.requireNonNull(pathNaming, "pathNaming");
  }

  /** True when {@code write} writes a catalog table or has a {@code path} option. */
  public static boolean namesTableOrPath(WriteToMicroBatchDataSourceV1 write) {
    return write.catalogTable().isDefined() || write.writeOptions().get(PATH).isDefined();
  }

  /** The written table or path as one output; call only when {@link #namesTableOrPath}. */
  public List<OpenLineage.OutputDataset> outputs(WriteToMicroBatchDataSourceV1 write) {
    if (write.catalogTable().isDefined()) {
      return new CatalogTableOutputs(context)
          .output(write.catalogTable().get(), write.query().schema(), null);
    }
    return TableDatasets.output(context, path(write), write.query().schema(), null);
  }

  /** {@code db_t} for a table, the last two segments of the path's dataset name otherwise. */
  public Optional<String> jobNameSuffix(WriteToMicroBatchDataSourceV1 write) {
    if (write.catalogTable().isDefined()) {
      return new CatalogTableOutputs(context).jobNameSuffix(write.catalogTable().get());
    }
    return Optional.of(FileDatasetNames.jobNameSuffix(path(write).getName()));
  }

  private DatasetIdentifier path(WriteToMicroBatchDataSourceV1 write) {
    return pathNaming.apply(write.writeOptions().get(PATH).get());
  }
}
