package io.headwater.spark.reading;

import java.util.Optional;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
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
   * What the V1 write at the root of an executed plan wrote: its command's {@code numOutputRows},
   * {@code numOutputBytes} and {@code numFiles}; empty when the root is no such write.
   *
   * <p>The write command is found below the wrappers adaptive query execution puts around it (see
   * {@link #unwrapAdaptive}):
   *
   * <pre>
   *   Execute InsertIntoHadoopFsRelationCommand       a write without a shuffle, or AQE off
   *   +- WriteFiles ...
   *
   *   AdaptiveSparkPlan isFinalPlan=true              a write with a shuffle under AQE
   *   +- ResultQueryStage 1                           (Spark 4: the final stage is a query stage)
   *      +- Execute InsertIntoHadoopFsRelationCommand
   *         +- WriteFiles ...
   * </pre>
   */
  public static Optional<DatasetStatistics> written(SparkPlan executedPlan) {
    if (!(unwrapAdaptive(executedPlan) instanceof DataWritingCommandExec write)) {
      return Optional.empty();
    }
    Map<String, SQLMetric> metrics = write.cmd().metrics();
    return Optional.of(
        new DatasetStatistics(
            value(metrics, "numOutputRows"),
            value(metrics, "numOutputBytes"),
            value(metrics, "numFiles")));
  }

  /**
   * The node an adaptive plan ran, below {@code AdaptiveSparkPlanExec} (its final plan) and any
   * query stage at its root ({@code ResultQueryStageExec} in Spark 4, a {@link QueryStageExec});
   * any other node is returned as it is.
   */
  static SparkPlan unwrapAdaptive(SparkPlan plan) {
    SparkPlan node = plan;
    while (true) {
      if (node instanceof AdaptiveSparkPlanExec adaptive) {
        node = adaptive.executedPlan();
      } else if (node instanceof QueryStageExec stage) {
        node = stage.plan();
      } else {
        return node;
      }
    }
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
