package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.naming.CatalogTables;
import io.headwater.spark.reading.DatasetStatistics;
import io.headwater.spark.reading.ScanStatistics;
import io.headwater.spark.reading.walk.ConnectorRegistry;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * What one ended SQL execution's executed plan says it read and wrote, read once on the agent's
 * analysis thread before the tracker decides; {@link RunMetrics} adds it to a run's figures.
 * Immutable.
 *
 * @param commandWrote what its write command's metrics say it wrote ({@link
 *     DatasetStatistics#written}); empty when its root is no write command with metrics
 * @param jdbcWrite true when its root is a JDBC write, whose rows only its tasks' output metrics
 *     count ({@link DatasetStatistics#isJdbcWrite})
 * @param scans what its scans read, by dataset key ({@link ScanStatistics#key})
 * @param counted what of them counts in the run's figures
 */
@Internal
public record ExecutionFigures(
    Optional<DatasetStatistics> commandWrote,
    boolean jdbcWrite,
    Map<String, DatasetStatistics> scans,
    Counted counted) {
  /** What of an execution's figures counts in the run they are added to. */
  public enum Counted {
    /** What it wrote and read: an execution of the run (its root, a nested one). */
    EXECUTION,
    /**
     * What it read only: a {@code foreachBatch} write, whose writes its micro-batch's tasks count.
     */
    READS,
    /** A streaming micro-batch's: its figures replace the previous micro-batch's. */
    MICRO_BATCH
  }

  public ExecutionFigures {
    scans = Map.copyOf(scans);
  }

  /** These figures with only what they read counted ({@link Counted#READS}). */
  public ExecutionFigures readsOnly() {
    return new ExecutionFigures(commandWrote, jdbcWrite, scans, Counted.READS);
  }

  /** The figures of an ended execution: its write command's and its scans'. */
  public static ExecutionFigures of(QueryExecution execution) {
    return new ExecutionFigures(
        DatasetStatistics.written(execution.executedPlan()),
        DatasetStatistics.isJdbcWrite(execution.executedPlan()),
        ScanStatistics.of(execution.executedPlan(), new CatalogTables(execution.sparkSession())),
        Counted.EXECUTION);
  }

  /**
   * The figures of an ended streaming micro-batch: what its file scans read ({@link
   * ScanStatistics#ofMicroBatch}); its writes are counted by its tasks.
   *
   * @param connectors asked for a file stream source's directory
   */
  public static ExecutionFigures ofMicroBatch(
      QueryExecution execution, ConnectorRegistry connectors) {
    return new ExecutionFigures(
        Optional.empty(),
        false,
        ScanStatistics.ofMicroBatch(
            execution.executedPlan(),
            new CatalogTables(execution.sparkSession()),
            execution.sparkSession().sessionState().newHadoopConf(),
            connectors),
        Counted.MICRO_BATCH);
  }
}
