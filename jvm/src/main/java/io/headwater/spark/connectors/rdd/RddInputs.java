package io.headwater.spark.connectors.rdd;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.DatasetFactory;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.naming.FileDatasetNames;
import io.headwater.spark.rdd.RddGraph;
import io.headwater.spark.tables.DeltaLog;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.spark.rdd.HadoopRDD;
import org.apache.spark.rdd.NewHadoopRDD;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.execution.datasources.FilePartition;
import org.apache.spark.sql.execution.datasources.FileScanRDD;
import org.apache.spark.sql.execution.datasources.PartitionedFile;

/**
 * The input datasets of an RDD job, from the RDDs its final RDD is computed from ({@link
 * RddGraph}):
 *
 * <pre>
 *   HadoopRDD     (sc.textFile, sc.hadoopFile, sc.sequenceFile)  -> the JobConf's input paths
 *   NewHadoopRDD  (sc.newAPIHadoopFile, wholeTextFiles, binaryFiles) -> mapreduce.input.fileinputformat.inputdir
 *   FileScanRDD   (df.rdd of a file DataFrame)                    -> the directories of the files it scans
 * </pre>
 *
 * A file becomes its directory and a glob the directory above its first wildcard ({@link
 * RddLocations}); partition directories are trimmed; datasets are named like every file dataset
 * ({@link FileDatasetNames}: {@code file} + absolute path, {@code hdfs://host:port}, {@code
 * s3://bucket}, ...), one per namespace and name, without a {@code schema} facet (an RDD has none).
 * Other RDDs (parallelized collections, Python RDDs, shuffles) read no dataset of their own, and
 * neither does a scan of a Delta table's transaction log ({@code <table>/_delta_log}, which Delta's
 * own queries read through a DataFrame built from an RDD).
 */
@Internal
public final class RddInputs {
  private RddInputs() {}

  /**
   * The datasets a job reads, from the RDD graph of its final stage.
   *
   * @param finalRdd the RDD of the job's final stage
   * @throws IOException when a file system cannot be reached to qualify a path
   */
  public static List<OpenLineage.InputDataset> of(RDD<?> finalRdd, DatasetFactory datasets)
      throws IOException {
    Map<String, DatasetIdentifier> found = new LinkedHashMap<>();
    for (RDD<?> rdd : RddGraph.lineage(finalRdd)) {
      for (Path directory : directories(rdd)) {
        if (DeltaLog.isInDeltaLog(directory)) {
          continue; // Delta Lake replaying its own transaction log: bookkeeping, not lineage
        }
        DatasetIdentifier trimmed =
            FileDatasetNames.trimmed(FileDatasetNames.of(directory.toUri()));
        found.putIfAbsent(trimmed.getNamespace() + "\u0000" + trimmed.getName(), trimmed);
      }
    }
    List<OpenLineage.InputDataset> inputs = new ArrayList<>(found.size());
    for (DatasetIdentifier id : found.values()) {
      inputs.add(datasets.input(id.getNamespace(), id.getName(), null));
    }
    return inputs;
  }

  /** The dataset directories one RDD reads itself (not through its dependencies). */
  static List<Path> directories(RDD<?> rdd) throws IOException {
    List<Path> directories = new ArrayList<>();
    if (rdd instanceof HadoopRDD<?, ?> hadoop) {
      Configuration conf = hadoop.getJobConf();
      for (Path path :
          org.apache.hadoop.mapred.FileInputFormat.getInputPaths(hadoop.getJobConf())) {
        directories.add(RddLocations.inputDirectory(path, conf));
      }
    } else if (rdd instanceof NewHadoopRDD<?, ?> newHadoop) {
      Configuration conf = newHadoop.getConf();
      if (conf.get(org.apache.hadoop.mapreduce.lib.input.FileInputFormat.INPUT_DIR) != null) {
        for (Path path :
            org.apache.hadoop.mapreduce.lib.input.FileInputFormat.getInputPaths(
                Job.getInstance(conf))) {
          directories.add(RddLocations.inputDirectory(path, conf));
        }
      }
    } else if (rdd instanceof FileScanRDD scan) {
      for (FilePartition partition : ScalaCollections.asJava(scan.filePartitions())) {
        for (PartitionedFile file : partition.files()) {
          Path parent = file.toPath().getParent();
          if (parent != null && !directories.contains(parent)) {
            directories.add(parent);
          }
        }
      }
    }
    return directories;
  }
}
