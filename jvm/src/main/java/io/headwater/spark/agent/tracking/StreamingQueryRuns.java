package io.headwater.spark.agent.tracking;

import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.annotation.Internal;
import io.openlineage.client.utils.UUIDUtils;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * One run per run of a structured streaming query ({@code StreamingQuery.runId}): the micro-batch
 * SQL executions of the query (their {@code QueryExecution} is an {@code IncrementalExecution}
 * carrying the query's run id), and the executions nested under them (the writes of a {@code
 * foreachBatch} function), are folded into it.
 *
 * <p>Events: START when the first micro-batch that touches a dataset starts, with the query's start
 * time; RUNNING when a micro-batch completes (one per micro-batch, with the datasets seen so far);
 * COMPLETE when the query stops ({@code stop()}, or an {@code availableNow}/{@code once} trigger
 * running out of data), FAIL with {@code errorMessage} when it terminates with an exception. Job
 * facet {@code jobType} {@code SQL_JOB}/{@code STREAMING}, as the OpenLineage Spark integration
 * types executions of streaming plans. Job name {@code <app>.<query name, or the micro-batch write
 * node>[.<output suffix>]}, e.g. {@code app.write_to_micro_batch_data_source_v1.tmp_out}: one
 * stable name for all the micro-batches of a query. Only the analysis thread uses this class.
 */
@Internal
public final class StreamingQueryRuns {
  static final String STREAMING = "STREAMING";

  private final Map<UUID, OperationRun> byQueryRunId = new HashMap<>();

  /**
   * The query run started: its run is opened (events follow with its first micro-batch).
   *
   * @param timestamp the start as {@code QueryStartedEvent} gives it (ISO-8601, e.g. {@code
   *     2024-05-01T10:00:00.123Z})
   * @param fallbackTime epoch millis used when the timestamp cannot be read
   * @return the query run's run
   */
  OperationRun started(UUID queryRunId, String queryName, String timestamp, long fallbackTime) {
    long time;
    try {
      time = java.time.Instant.parse(timestamp).toEpochMilli();
    } catch (RuntimeException unreadable) {
      time = fallbackTime;
    }
    long startTime = time;
    String name = queryName == null || queryName.isBlank() ? null : queryName;
    return byQueryRunId.computeIfAbsent(queryRunId, id -> newRun(startTime, name));
  }

  /**
   * The run of the query that a micro-batch belongs to; opened now, without a query name, when the
   * query's start was not seen.
   */
  OperationRun microBatch(UUID queryRunId, long time) {
    return byQueryRunId.computeIfAbsent(queryRunId, id -> newRun(time, null));
  }

  /** The query run ended: its run, removed, or null when it was never opened. */
  OperationRun terminated(UUID queryRunId) {
    return byQueryRunId.remove(queryRunId);
  }

  /** The runs of the query runs that have not terminated. */
  java.util.Collection<OperationRun> open() {
    return java.util.List.copyOf(byQueryRunId.values());
  }

  /** Forgets {@code run}'s query run (the application is going away). */
  void forget(OperationRun run) {
    java.util.Iterator<Map.Entry<UUID, OperationRun>> it = byQueryRunId.entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<UUID, OperationRun> entry = it.next();
      if (entry.getValue() == run) {
        it.remove();
      }
    }
  }

  public static boolean isStreaming(OperationRun run) {
    return STREAMING.equals(run.processingType);
  }

  private static OperationRun newRun(long time, String queryName) {
    return new OperationRun(
        UUIDUtils.generateNewUUID(), time, OperationRun.SQL_JOB, STREAMING, queryName);
  }

  /**
   * Why a query terminated, as {@code QueryTerminatedEvent} reports it: the text of the exception
   * and its stack trace ({@code Utils.exceptionString}). Its message is the text before the first
   * stack frame ({@code \tat ...} line), which keeps a multi-line message such as a Python
   * traceback whole; its stack trace, printed, is the whole text.
   */
  public static final class QueryFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String text;

    public QueryFailure(String text) {
      super(beforeFirstFrame(text), null, false, false);
      this.text = text;
    }

    private static String beforeFirstFrame(String text) {
      int frame = text.indexOf("\n\tat ");
      return (frame < 0 ? text : text.substring(0, frame)).strip();
    }

    @Override
    public void printStackTrace(PrintWriter out) {
      out.print(text);
    }

    @Override
    public void printStackTrace(PrintStream out) {
      out.print(text);
    }
  }
}
