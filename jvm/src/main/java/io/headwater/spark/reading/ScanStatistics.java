package io.headwater.spark.reading;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.naming.CatalogTables;
import io.headwater.spark.naming.FileDatasetNames;
import io.headwater.spark.reading.walk.ConnectorRegistry;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;
import org.apache.spark.sql.execution.metric.SQLMetric;

/**
 * What an execution read from each file dataset: for every file scan in its executed plan (adaptive
 * query stages included), the scan's {@code numOutputRows}, {@code filesSize} and {@code numFiles}
 * metrics, summed per dataset. A scan is attributed to the dataset the input visitors name for it
 * (its catalog table, or its single root path with partition directories trimmed); a scan over
 * several root paths is not attributed.
 */
@Internal
public final class ScanStatistics {
  private ScanStatistics() {}

  /** Statistics by dataset key ({@link #key}). */
  public static Map<String, DatasetStatistics> of(SparkPlan executedPlan, CatalogTables tables) {
    return of(executedPlan, tables, java.util.Optional.empty());
  }

  /**
   * Statistics by dataset key ({@link #key}) of a streaming micro-batch's executed plan: a scan of
   * a file stream source is attributed to the source's directory (its {@code basePath}, see {@link
   * io.headwater.spark.api.Connector#streamBatchRoots}), as the input visitors name it, not to the
   * batch's files.
   *
   * @param hadoopConf qualifies a relative source directory
   * @param connectors asked for a file relation's roots ({@code Connector#streamBatchRoots})
   */
  public static Map<String, DatasetStatistics> ofMicroBatch(
      SparkPlan executedPlan,
      CatalogTables tables,
      Configuration hadoopConf,
      ConnectorRegistry connectors) {
    return of(
        executedPlan,
        tables,
        java.util.Optional.of(relation -> connectors.streamBatchRoots(relation, hadoopConf)));
  }

  private static Map<String, DatasetStatistics> of(
      SparkPlan executedPlan,
      CatalogTables tables,
      java.util.Optional<Function<HadoopFsRelation, java.util.Optional<List<Path>>>> streaming) {
    Map<String, DatasetStatistics> byDataset = new HashMap<>();
    Deque<SparkPlan> pending = new ArrayDeque<>();
    pending.push(executedPlan);
    while (!pending.isEmpty()) {
      SparkPlan node = DatasetStatistics.unwrapAdaptive(pending.pop());
      if (node instanceof FileSourceScanExec scan) {
        identify(scan, tables, streaming)
            .ifPresent(
                id ->
                    byDataset.merge(
                        key(id.getNamespace(), id.getName()),
                        statistics(scan),
                        DatasetStatistics::plus));
      }
      ScalaCollections.asJava(node.children()).forEach(pending::push);
    }
    return byDataset;
  }

  /** The key of a dataset in the map {@link #of} returns. */
  public static String key(String namespace, String name) {
    return namespace + "\u0000" + name;
  }

  private static java.util.Optional<DatasetIdentifier> identify(
      FileSourceScanExec scan,
      CatalogTables tables,
      java.util.Optional<Function<HadoopFsRelation, java.util.Optional<List<Path>>>> streaming) {
    if (scan.tableIdentifier().isDefined()) {
      return java.util.Optional.of(tables.identifyByName(scan.tableIdentifier().get()));
    }
    List<Path> roots =
        streaming
            .flatMap(batchRoots -> batchRoots.apply(scan.relation()))
            .orElseGet(() -> ScalaCollections.asJava(scan.relation().location().rootPaths()));
    if (roots.size() != 1) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(
        FileDatasetNames.trimmed(FileDatasetNames.of(roots.get(0).toUri())));
  }

  private static DatasetStatistics statistics(FileSourceScanExec scan) {
    scala.collection.Map<String, SQLMetric> metrics = scan.metrics();
    return new DatasetStatistics(
        DatasetStatistics.value(metrics, "numOutputRows"),
        DatasetStatistics.value(metrics, "filesSize"),
        DatasetStatistics.value(metrics, "numFiles"));
  }
}
