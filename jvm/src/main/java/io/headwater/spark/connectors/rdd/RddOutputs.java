package io.headwater.spark.connectors.rdd;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.DatasetFactory;
import io.headwater.spark.naming.FileDatasetNames;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.internal.io.HadoopWriteConfigUtil;
import org.apache.spark.scheduler.ActiveJob;
import org.apache.spark.scheduler.ResultStage;
import org.apache.spark.util.SerializableConfiguration;
import org.apache.spark.util.SerializableJobConf;

/**
 * The output dataset of an RDD job that writes through Hadoop: {@code saveAsTextFile}, {@code
 * saveAsHadoopFile}, {@code saveAsSequenceFile}, {@code saveAsPickleFile}, {@code
 * saveAsNewAPIHadoopFile} and the {@code saveAs*HadoopDataset} calls with a file output format.
 *
 * <p>Where Spark keeps the output directory: every one of these actions ends in {@code
 * SparkHadoopWriter.write}, which runs the job with a task function that captures the write's
 * {@code HadoopWriteConfigUtil} ({@code HadoopMapRedWriteConfigUtil} wrapping the {@code JobConf},
 * or {@code HadoopMapReduceWriteConfigUtil} wrapping the new-API {@code Configuration}). That
 * function is the final {@link ResultStage}'s {@code func}; the directory is the configuration's
 * {@code mapreduce.output.fileoutputformat.outputdir} (the old API's {@code mapred.output.dir} is
 * its deprecated alias). Neither the job's properties nor its listener events carry it. The
 * captured values are found by type, not by the synthetic field names of the compiled closure, so a
 * different closure layout in another Spark release still matches. A job whose function captures no
 * such configuration (every other action) has no output.
 */
@Internal
public final class RddOutputs {
  /** How deep to look through functions wrapping the writer's task function. */
  private static final int MAX_DEPTH = 3;

  private RddOutputs() {}

  /**
   * The Hadoop output of a job.
   *
   * @return the directory the job writes, as a dataset without {@code schema} facet; empty for a
   *     job that writes no Hadoop output
   * @throws IOException when the output's file system cannot be reached to qualify the path
   */
  public static List<OpenLineage.OutputDataset> of(ActiveJob job, DatasetFactory datasets)
      throws IOException {
    Optional<Path> directory = outputDirectory(job);
    if (directory.isEmpty()) {
      return List.of();
    }
    DatasetIdentifier id = FileDatasetNames.trimmed(FileDatasetNames.of(directory.get().toUri()));
    return List.of(datasets.output(id.getNamespace(), id.getName(), null));
  }

  /** The qualified output directory of the job's write, if it is a Hadoop file write. */
  public static Optional<Path> outputDirectory(ActiveJob job) throws IOException {
    if (!(job.finalStage() instanceof ResultStage result)) {
      return Optional.empty();
    }
    Optional<Configuration> conf = writeConfiguration(result.func(), 0);
    if (conf.isEmpty()) {
      return Optional.empty();
    }
    String dir = conf.get().get(org.apache.hadoop.mapreduce.lib.output.FileOutputFormat.OUTDIR);
    if (dir == null) {
      dir = conf.get().get("mapred.output.dir");
    }
    if (dir == null || dir.isBlank()) {
      return Optional.empty();
    }
    return Optional.of(RddLocations.outputDirectory(new Path(dir), conf.get()));
  }

  private static Optional<Configuration> writeConfiguration(Object function, int depth) {
    if (function == null || depth > MAX_DEPTH) {
      return Optional.empty();
    }
    for (Object captured : capturedValues(function)) {
      if (captured instanceof HadoopWriteConfigUtil<?, ?> config) {
        return configurationOf(config);
      }
      if (captured instanceof scala.Function2<?, ?, ?>
          || captured instanceof scala.Function1<?, ?>) {
        Optional<Configuration> nested = writeConfiguration(captured, depth + 1);
        if (nested.isPresent()) {
          return nested;
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<Configuration> configurationOf(HadoopWriteConfigUtil<?, ?> config) {
    for (Object value : capturedValues(config)) {
      if (value instanceof SerializableJobConf jobConf) {
        return Optional.of(jobConf.value());
      }
      if (value instanceof SerializableConfiguration conf) {
        return Optional.of(conf.value());
      }
      if (value instanceof Configuration conf) {
        return Optional.of(conf);
      }
    }
    return Optional.empty();
  }

  /**
   * The values of an object's instance fields (of its class and superclasses); unreadable ones are
   * skipped.
   */
  private static List<Object> capturedValues(Object target) {
    List<Object> values = new java.util.ArrayList<>();
    for (Class<?> type = target.getClass();
        type != null && type != Object.class;
        type = type.getSuperclass()) {
      for (Field field : type.getDeclaredFields()) {
        if (Modifier.isStatic(field.getModifiers()) || field.getType().isPrimitive()) {
          continue;
        }
        try {
          field.setAccessible(true);
          Object value = field.get(target);
          if (value != null) {
            values.add(value);
          }
        } catch (RuntimeException | IllegalAccessException unreadable) {
          // a field the module system or a security manager hides: not one of ours
        }
      }
    }
    return values;
  }
}
