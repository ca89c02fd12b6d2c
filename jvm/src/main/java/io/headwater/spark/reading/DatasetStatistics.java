package io.headwater.spark.reading;

import java.util.Optional;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.command.DataWritingCommandExec;
import org.apache.spark.sql.execution.metric.SQLMetric;
import scala.collection.Map;

/**
 * How much of a dataset an execution read or wrote, from the metrics Spark collects on the driver;
 * read when the execution has ended, when they are final. Becomes the {@code inputStatistics} /
 * {@code outputStatistics} facet.
 *
 * @param rowCount rows read or written
 * @param size bytes read or written
 * @param fileCount files read or written
 */
public record DatasetStatistics(long rowCount, long size, long fileCount) {
  /**
   * What the V1 write at the root of an executed plan (adaptive plans unwrapped) wrote: its
   * command's {@code numOutputRows}, {@code numOutputBytes} and {@code numFiles}; empty when the
   * root is no such write.
   */
  public static Optional<DatasetStatistics> written(SparkPlan executedPlan) {
    SparkPlan root =
        executedPlan instanceof AdaptiveSparkPlanExec adaptive
            ? adaptive.executedPlan()
            : executedPlan;
    if (!(root instanceof DataWritingCommandExec write)) {
      return Optional.empty();
    }
    Map<String, SQLMetric> metrics = write.cmd().metrics();
    return Optional.of(
        new DatasetStatistics(
            value(metrics, "numOutputRows"),
            value(metrics, "numOutputBytes"),
            value(metrics, "numFiles")));
  }

  /** The sum of two (an operation whose executions read or wrote a dataset twice). */
  public DatasetStatistics plus(DatasetStatistics other) {
    return new DatasetStatistics(
        rowCount + other.rowCount, size + other.size, fileCount + other.fileCount);
  }

  static long value(Map<String, SQLMetric> metrics, String name) {
    scala.Option<SQLMetric> metric = metrics.get(name);
    return metric.isDefined() ? metric.get().value() : 0L;
  }
}
