package io.headwater.spark.agent.runs;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.LocalSpark;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart;
import org.junit.Test;

/**
 * {@link FailedAnalysis} on the events the shared session really posts: a query whose analysis
 * fails is recognised at its start and at its end; a query that runs, and one that fails while
 * running, are not.
 */
public class FailedAnalysisTest {
  /** The SQL-execution events {@code action} makes Spark post, in order. */
  private static List<SparkListenerEvent> events(Runnable action) {
    SparkSession spark = LocalSpark.session();
    List<SparkListenerEvent> events = new ArrayList<>();
    SparkListener listener =
        new SparkListener() {
          @Override
          public void onOtherEvent(SparkListenerEvent event) {
            if (event instanceof SparkListenerSQLExecutionStart
                || event instanceof SparkListenerSQLExecutionEnd) {
              synchronized (events) {
                events.add(event);
              }
            }
          }
        };
    spark.sparkContext().addSparkListener(listener);
    try {
      action.run();
      spark.sparkContext().listenerBus().waitUntilEmpty();
    } catch (TimeoutException e) {
      throw new IllegalStateException("Spark's listener bus did not drain", e);
    } finally {
      spark.sparkContext().removeSparkListener(listener);
    }
    synchronized (events) {
      return List.copyOf(events);
    }
  }

  @Test
  public void aQueryWhoseAnalysisFailedIsRecognisedAtItsStartAndItsEnd() {
    SparkSession spark = LocalSpark.session();
    List<SparkListenerEvent> events =
        events(
            () ->
                assertThrows(
                    AnalysisException.class,
                    () -> spark.sql("SELECT k FROM (SELECT 1 AS k, 2 AS k) AS twice")));

    assertEquals(2, events.size());
    assertTrue(FailedAnalysis.isStart(events.get(0)));
    assertTrue(FailedAnalysis.isEnd(events.get(1)));
  }

  @Test
  public void queriesThatRanAreNotTakenForFailedAnalysis() {
    SparkSession spark = LocalSpark.session();
    List<SparkListenerEvent> events =
        events(
            () -> {
              spark.sql("SELECT 1 AS k").collect();
              assertThrows(
                  Exception.class, () -> spark.sql("SELECT raise_error('no rows') AS x").collect());
            });

    assertEquals(4, events.size());
    for (SparkListenerEvent event : events) {
      assertFalse(event.toString(), FailedAnalysis.isStart(event));
      assertFalse(event.toString(), FailedAnalysis.isEnd(event));
    }
  }
}
