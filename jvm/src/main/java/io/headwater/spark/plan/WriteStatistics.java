package io.headwater.spark.plan;

import java.util.Optional;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.command.DataWritingCommandExec;
import org.apache.spark.sql.execution.metric.SQLMetric;
import scala.collection.immutable.Map;

/**
 * What a V1 write wrote, from the metrics Spark's write command collects on the driver ({@code numOutputRows},
 * {@code numOutputBytes}, {@code numFiles}); read when the execution has ended, when they are final.
 *
 * @param rowCount rows written
 * @param size bytes written
 * @param fileCount files written
 */
public record WriteStatistics(long rowCount, long size, long fileCount) {
  /** The statistics of the write at the root of an executed plan (adaptive plans unwrapped), if it is one. */
  public static Optional<WriteStatistics> of(SparkPlan executedPlan) {
    SparkPlan root = executedPlan instanceof AdaptiveSparkPlanExec adaptive ? adaptive.executedPlan() : executedPlan;
    if (!(root instanceof DataWritingCommandExec write)) {
      return Optional.empty();
    }
    Map<String, SQLMetric> metrics = write.cmd().metrics();
    return Optional.of(new WriteStatistics(value(metrics, "numOutputRows"), value(metrics, "numOutputBytes"), value(metrics, "numFiles")));
  }

  /** The sum of two writes (an operation whose nested executions wrote twice). */
  public WriteStatistics plus(WriteStatistics other) {
    return new WriteStatistics(rowCount + other.rowCount, size + other.size, fileCount + other.fileCount);
  }

  private static long value(Map<String, SQLMetric> metrics, String name) {
    scala.Option<SQLMetric> metric = metrics.get(name);
    return metric.isDefined() ? metric.get().value() : 0L;
  }
}
