package io.headwater.spark.agent.termination;

import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.logging.StackTraces;
import org.junit.After;
import org.junit.Test;

/**
 * A run's failure while the driver is being killed names the signal (Spark's shutdown hook can fail
 * a running job before the agent's own end aborts it), and keeps the failure it wraps.
 */
public class TerminationTest {
  @After
  public void forgetSignal() {
    Termination.recordForTest(null);
  }

  @Test
  public void aFailureWithoutASignalIsKeptAsItIs() {
    IllegalStateException failure = new IllegalStateException("the table is gone");
    assertSame(failure, Termination.explain(failure));
    assertNull(Termination.explain(null));
  }

  @Test
  public void aFailureAfterASignalNamesItAndKeepsTheFailure() {
    Termination.recordForTest("TERM");
    IllegalStateException failure =
        new IllegalStateException("Task serialization failed: SparkContext was shut down");

    Throwable explained = Termination.explain(failure);

    assertTrue(explained instanceof Termination.Terminated);
    String message = explained.getMessage();
    assertTrue(message, message.startsWith("the application was terminated: the driver received"));
    assertTrue(message, message.contains("SIGTERM"));
    assertTrue(message, message.contains("Task serialization failed"));
    assertSame(failure, explained.getCause());
    String trace = StackTraces.render(explained);
    assertTrue(trace, trace.contains("Caused by: java.lang.IllegalStateException"));
    assertTrue(trace, trace.contains(TerminationTest.class.getName()));
  }

  @Test
  public void aFailureIsExplainedOnceAndNoFailureStaysNone() {
    Termination.recordForTest("INT");
    Throwable once = Termination.explain(new RuntimeException("cancelled"));
    assertSame(once, Termination.explain(once));
    assertNull(Termination.explain(null));
  }

  @Test
  public void aSignalFailsADriverAndAServerWithRunsOpenButNotAnIdleServer() {
    assertTrue(Termination.reason(false, true).isEmpty()); // no signal: nothing to say
    Termination.recordForTest("TERM");
    assertTrue(Termination.reason(false, false).orElseThrow().contains("received SIGTERM"));
    assertTrue(Termination.reason(true, false).orElseThrow().contains("received SIGTERM"));
    assertTrue(Termination.reason(true, true).orElseThrow().contains("received SIGTERM"));
    assertTrue(Termination.reason(false, true).isEmpty()); // a server stopped the usual way
  }
}
