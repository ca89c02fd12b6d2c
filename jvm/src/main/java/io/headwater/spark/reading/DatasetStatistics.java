package io.headwater.spark.reading;

import io.headwater.spark.annotation.Internal;
import java.util.Optional;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.apache.spark.sql.execution.command.DataWritingCommandExec;
import org.apache.spark.sql.execution.command.ExecutedCommandExec;
import org.apache.spark.sql.execution.datasources.SaveIntoDataSourceCommand;
import org.apache.spark.sql.execution.datasources.jdbc.JdbcRelationProvider;
import org.apache.spark.sql.execution.metric.SQLMetric;
import scala.collection.Map;

/**
 * How much of a dataset an execution read or wrote, from the metrics Spark collects on the driver;
 * read when the execution has ended, when they are final. Becomes the {@code inputStatistics} /
 * {@code outputStatistics} facet.
 *
 * @param rowCount rows read or written
 * @param size bytes read or written; {@link #UNKNOWN} when the writer does not count them
 * @param fileCount files read or written; {@link #UNKNOWN} for a dataset that is not files
 */
@Internal
public record DatasetStatistics(long rowCount, long size, long fileCount) {
  /** A figure the writer does not report (left out of the facet). */
  public static final long UNKNOWN = -1;

  /** Nothing counted yet. */
  public static final DatasetStatistics ZERO = new DatasetStatistics(0, 0, 0);

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
   * True when the root of an executed plan is a JDBC write, whose command has no metrics: what it
   * wrote is what its tasks reported ({@link #ofJdbcTasks}).
   *
   * <pre>
   *   Execute SaveIntoDataSourceCommand(dataSource = JdbcRelationProvider)   (ExecutedCommandExec)
   * </pre>
   */
  public static boolean isJdbcWrite(SparkPlan executedPlan) {
    return unwrapAdaptive(executedPlan) instanceof ExecutedCommandExec command
        && command.cmd() instanceof SaveIntoDataSourceCommand save
        && save.dataSource() instanceof JdbcRelationProvider;
  }

  /**
   * What a JDBC write ({@link #isJdbcWrite}) wrote: the rows its tasks inserted, from the output
   * metrics Spark's JDBC writer reports per task ({@code recordsWritten}; {@code bytesWritten} when
   * the Spark version counts bytes, else the size is {@link #UNKNOWN}), summed over the stages of
   * the run ({@code tasks}, see {@link #ofStage}).
   */
  public static DatasetStatistics ofJdbcTasks(DatasetStatistics tasks) {
    return new DatasetStatistics(
        tasks.rowCount(), tasks.size() > 0 ? tasks.size() : UNKNOWN, UNKNOWN);
  }

  /**
   * What the successful tasks of a completed stage reported writing ({@code recordsWritten}, {@code
   * bytesWritten} of their output metrics; no file count).
   */
  public static DatasetStatistics ofStage(StageInfo stage) {
    return ofStage(stage, 0);
  }

  /**
   * What the successful tasks of a completed stage reported writing, with the number of files they
   * wrote counted separately ({@code filesWritten}: Spark's stage metrics have no file count).
   */
  public static DatasetStatistics ofStage(StageInfo stage, long filesWritten) {
    TaskMetrics metrics = stage.taskMetrics();
    if (metrics == null) {
      return new DatasetStatistics(0, 0, filesWritten);
    }
    return new DatasetStatistics(
        metrics.outputMetrics().recordsWritten(),
        metrics.outputMetrics().bytesWritten(),
        filesWritten);
  }

  /**
   * What the successful tasks of a completed stage reported reading ({@code recordsRead}, {@code
   * bytesRead} of their input metrics: the records Hadoop input formats returned and the bytes they
   * read; no file count).
   */
  public static DatasetStatistics readByStage(StageInfo stage) {
    TaskMetrics metrics = stage.taskMetrics();
    if (metrics == null) {
      return ZERO;
    }
    return new DatasetStatistics(
        metrics.inputMetrics().recordsRead(), metrics.inputMetrics().bytesRead(), 0);
  }

  /**
   * These task figures as a dataset's statistics: rows and bytes, and the files when counted (an
   * RDD job's write tasks, {@link #ofStage(StageInfo, long)}), else {@link #UNKNOWN}; empty when no
   * row was counted (nothing to report, or not counted by this reader or writer).
   */
  public Optional<DatasetStatistics> ofTasks() {
    return rowCount > 0
        ? Optional.of(
            new DatasetStatistics(
                rowCount, size > 0 ? size : UNKNOWN, fileCount > 0 ? fileCount : UNKNOWN))
        : Optional.empty();
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

  /**
   * The sum of two (an operation whose executions read or wrote a dataset twice); a figure one of
   * them does not know is the other's.
   */
  public DatasetStatistics plus(DatasetStatistics other) {
    return new DatasetStatistics(
        sum(rowCount, other.rowCount), sum(size, other.size), sum(fileCount, other.fileCount));
  }

  private static long sum(long a, long b) {
    return a == UNKNOWN ? b : b == UNKNOWN ? a : a + b;
  }

  static long value(Map<String, SQLMetric> metrics, String name) {
    scala.Option<SQLMetric> metric = metrics.get(name);
    return metric.isDefined() ? metric.get().value() : 0L;
  }
}
