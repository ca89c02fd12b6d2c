package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.reading.DatasetStatistics;
import io.headwater.spark.reading.ScanStatistics;
import io.openlineage.client.OpenLineage;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.scheduler.StageInfo;

/**
 * The figures of one run: what its scans read and its writes wrote (the {@code inputStatistics} and
 * {@code outputStatistics} of its terminal event), and for a streaming run those of its last
 * micro-batch (its RUNNING event's). Its fields are private; one class calls the methods that
 * change them, {@code agent.executions.RunCoordinator} on the agent's analysis thread (SQL runs and
 * RDD jobs' runs alike, {@code architecture.RunStateOwnersTest}), handing it facts read before (a
 * completed stage's {@link StageInfo}, an ended execution's {@link ExecutionFigures}); it reads no
 * plan itself. {@code RunEventFactory} reads the figures.
 *
 * <p>Datasets read are keyed as {@link ScanStatistics#key} gives it; figures are summed over the
 * run's executions.
 */
@Internal
public final class RunMetrics {
  private final Map<String, DatasetStatistics> read = new HashMap<>();
  private Optional<DatasetStatistics> written = Optional.empty();

  /**
   * What the tasks of the run's completed stages reported writing (output metrics), for writes
   * whose command has no metrics of its own ({@link DatasetStatistics#ofJdbcTasks}).
   */
  private DatasetStatistics tasksWrote = DatasetStatistics.ZERO;

  /**
   * What the tasks of the run's completed stages reported reading (input metrics), for runs whose
   * reads have no scan metrics (RDD jobs).
   */
  private DatasetStatistics tasksRead = DatasetStatistics.ZERO;

  /**
   * A streaming run's last micro-batch: what its tasks reported writing since the previous
   * micro-batch ended (output metrics of its stages).
   */
  private DatasetStatistics batchTasksWrote = DatasetStatistics.ZERO;

  private Optional<DatasetStatistics> batchWritten = Optional.empty();
  private final Map<String, DatasetStatistics> batchRead = new HashMap<>();

  /** What the run read, by dataset key, summed over its executions; read-only view. */
  public Map<String, DatasetStatistics> read() {
    return Collections.unmodifiableMap(read);
  }

  /** What the run wrote, summed over its executions; empty when unknown. */
  public Optional<DatasetStatistics> written() {
    return written;
  }

  /** What a streaming run's last micro-batch read, by dataset key; read-only view. */
  public Map<String, DatasetStatistics> batchRead() {
    return Collections.unmodifiableMap(batchRead);
  }

  /** What a streaming run's last micro-batch wrote; empty when unknown. */
  public Optional<DatasetStatistics> batchWritten() {
    return batchWritten;
  }

  /** A stage of one of the run's SQL executions completed: its tasks' output metrics count. */
  public void stageCompleted(StageInfo stage) {
    tasksWrote = tasksWrote.plus(DatasetStatistics.ofStage(stage));
    batchTasksWrote = batchTasksWrote.plus(DatasetStatistics.ofStage(stage));
  }

  /**
   * A stage of an RDD job's run completed: its tasks' input and output metrics count, with the
   * {@code filesWritten} its tasks wrote ({@code RddStageFiles}).
   */
  public void rddStageCompleted(StageInfo stage, long filesWritten) {
    tasksRead = tasksRead.plus(DatasetStatistics.readByStage(stage));
    tasksWrote = tasksWrote.plus(DatasetStatistics.ofStage(stage, filesWritten));
  }

  /**
   * An RDD job's run ended: the rows and bytes its tasks wrote are its output's (an RDD job writes
   * one dataset); the records and bytes its tasks read are its input's when it reads exactly one of
   * {@code inputs} (with several, the tasks' figures cannot be split between them, so none gets
   * any).
   */
  public void rddJobEnded(List<OpenLineage.InputDataset> inputs) {
    written = tasksWrote.ofTasks();
    if (inputs.size() == 1) {
      OpenLineage.InputDataset input = inputs.get(0);
      tasksRead
          .ofTasks()
          .ifPresent(
              stats -> read.put(ScanStatistics.key(input.getNamespace(), input.getName()), stats));
    }
  }

  /**
   * An execution of the run ended, with the {@code figures} read from it, added as {@link
   * ExecutionFigures#counted} says: what its write command (or, for JDBC, its tasks) wrote and what
   * its scans read; what a {@code foreachBatch} write read; or a streaming micro-batch's figures.
   */
  public void executionEnded(ExecutionFigures figures) {
    switch (figures.counted()) {
      case EXECUTION -> {
        figures
            .commandWrote()
            .or(
                () ->
                    figures.jdbcWrite()
                        ? Optional.of(DatasetStatistics.ofJdbcTasks(tasksWrote))
                        : Optional.empty())
            .ifPresent(this::addWritten);
        addRead(figures);
      }
      case READS -> addRead(figures);
      case MICRO_BATCH -> microBatchEnded(figures);
    }
  }

  private void addRead(ExecutionFigures figures) {
    figures.scans().forEach((key, stats) -> read.merge(key, stats, DatasetStatistics::plus));
  }

  /**
   * A micro-batch of the streaming run ended: its figures, for its RUNNING event, replace the
   * previous micro-batch's and add to the run's totals (its terminal event's) — what its file scans
   * read ({@link ExecutionFigures#ofMicroBatch}), and what its tasks reported writing since the
   * previous micro-batch (a streaming sink's writes have no command metrics; file sinks report rows
   * and bytes in the tasks' output metrics).
   */
  private void microBatchEnded(ExecutionFigures figures) {
    batchRead.clear();
    figures
        .scans()
        .forEach(
            (key, stats) -> {
              batchRead.put(key, stats);
              read.merge(key, stats, DatasetStatistics::plus);
            });
    batchWritten = batchTasksWrote.ofTasks();
    batchTasksWrote = DatasetStatistics.ZERO;
    batchWritten.ifPresent(this::addWritten);
  }

  private void addWritten(DatasetStatistics stats) {
    written = Optional.of(written.map(stats::plus).orElse(stats));
  }
}
