package io.headwater.spark.agent.tracking;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;

import io.headwater.spark.agent.runs.OperationRun;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.UUID;
import org.junit.Test;

/** The streaming query runs' bookkeeping and the failure text of a terminated query. */
public class StreamingQueryRunsTest {
  private final StreamingQueryRuns runs = new StreamingQueryRuns();

  @Test
  public void microBatchesOfOneQueryRunShareItsRunStartedAtTheQueryStart() {
    UUID queryRun = UUID.randomUUID();
    runs.started(queryRun, "Orders To Parquet", "2024-05-01T10:00:00.123Z", 42L);

    OperationRun first = runs.microBatch(queryRun, 1_000L);
    OperationRun second = runs.microBatch(queryRun, 2_000L);

    assertSame(first, second);
    assertEquals(
        java.time.Instant.parse("2024-05-01T10:00:00.123Z").toEpochMilli(), first.startTime);
    assertEquals("STREAMING", first.processingType);
    assertEquals("SQL_JOB", first.jobType);
    assertEquals("Orders To Parquet", first.streamingQueryName);
    assertSame(first, runs.terminated(queryRun));
    assertNull(runs.terminated(queryRun));
  }

  @Test
  public void anUnnamedQueryHasNoNameAndAnUnreadableStartFallsBack() {
    UUID queryRun = UUID.randomUUID();
    runs.started(queryRun, " ", "not a time", 42L);
    OperationRun run = runs.microBatch(queryRun, 1_000L);
    assertEquals(42L, run.startTime);
    assertNull("a blank name is none", run.streamingQueryName);
  }

  @Test
  public void aMicroBatchOfAnUnseenQueryOpensItsRun() {
    OperationRun run = runs.microBatch(UUID.randomUUID(), 7L);
    assertEquals(7L, run.startTime);
    assertEquals("STREAMING", run.processingType);
    assertNull(run.streamingQueryName);
  }

  @Test
  public void failureMessageIsTheTextBeforeTheFirstStackFrame() {
    String text =
        "org.apache.spark.SparkException: batch failed\n"
            + "Caused by Python:\n"
            + "  RuntimeError: bad\n"
            + "\tat org.apache.spark.sql.execution.streaming.MicroBatchExecution.runBatch(MicroBatchExecution.scala:1)\n"
            + "\tat java.base/java.lang.Thread.run(Thread.java:840)\n";
    StreamingQueryRuns.QueryFailure failure = new StreamingQueryRuns.QueryFailure(text);
    assertEquals(
        "org.apache.spark.SparkException: batch failed\nCaused by Python:\n  RuntimeError: bad",
        failure.getMessage());
    StringWriter printed = new StringWriter();
    failure.printStackTrace(new PrintWriter(printed));
    assertEquals(text, printed.toString());
  }

  @Test
  public void failureWithoutFramesIsAllMessage() {
    assertEquals("boom", new StreamingQueryRuns.QueryFailure("boom\n").getMessage());
  }
}
