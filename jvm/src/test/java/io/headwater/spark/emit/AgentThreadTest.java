package io.headwater.spark.emit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.After;
import org.junit.Test;

/**
 * The agent's own work thread: ordered, bounded, never blocking the submitter. Tests that could
 * hang if {@link AgentThread#submit} blocked carry a JUnit time-out, so a hang fails instead of
 * stalling the build.
 */
public class AgentThreadTest {
  private static final Duration WAIT = Duration.ofSeconds(10);

  private final List<AgentThread> threads = new ArrayList<>();
  private final List<CountDownLatch> toRelease = new ArrayList<>();

  @After
  public void stop() {
    toRelease.forEach(CountDownLatch::countDown);
    threads.forEach(e -> e.shutdown(Duration.ofSeconds(1)));
  }

  private AgentThread thread(int capacity) {
    AgentThread thread = new AgentThread("test-thread", capacity);
    threads.add(thread);
    return thread;
  }

  /**
   * Submits a task that blocks the worker until the returned latch is released, and waits until it
   * runs.
   */
  private CountDownLatch occupyWorker(AgentThread thread) throws InterruptedException {
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    toRelease.add(release);
    assertTrue(
        thread.submit(
            () -> {
              running.countDown();
              awaitQuietly(release);
            }));
    assertTrue(
        "the worker took the blocking task", running.await(WAIT.toMillis(), TimeUnit.MILLISECONDS));
    return release;
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  public void runsTasksInSubmissionOrder() {
    AgentThread thread = thread(1000);
    List<Integer> ran = Collections.synchronizedList(new ArrayList<>());

    for (int i = 0; i < 500; i++) {
      int n = i;
      assertTrue(thread.submit(() -> ran.add(n)));
    }

    assertTrue(thread.drain(WAIT));
    assertEquals(IntStream.range(0, 500).boxed().collect(Collectors.toList()), ran);
  }

  @Test(timeout = 10_000)
  public void dropsWhenFullWithoutBlockingTheCaller() throws InterruptedException {
    AgentThread thread = thread(2);
    List<String> ran = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch release = occupyWorker(thread);

    assertTrue(thread.submit(() -> ran.add("first")));
    assertTrue(thread.submit(() -> ran.add("second")));
    assertFalse("the queue is full", thread.submit(() -> ran.add("dropped")));
    assertFalse(thread.submit(() -> ran.add("dropped too")));
    assertEquals(2, thread.dropped());

    release.countDown();
    assertTrue(thread.drain(WAIT));
    assertEquals(List.of("first", "second"), ran);
    assertTrue("room again once drained", thread.submit(() -> ran.add("later")));
  }

  @Test(timeout = 10_000)
  public void drainWaitsForEarlierTasks() throws InterruptedException {
    AgentThread thread = thread(10);
    List<String> ran = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch release = occupyWorker(thread);
    thread.submit(() -> ran.add("queued behind the blocked task"));

    assertFalse(
        "cannot drain while an earlier task is blocked", thread.drain(Duration.ofMillis(50)));
    assertEquals(List.of(), ran);

    release.countDown();
    assertTrue(thread.drain(WAIT));
    assertEquals(List.of("queued behind the blocked task"), ran);
  }

  @Test
  public void aThrowingTaskDoesNotStopLaterOnes() {
    AgentThread thread = thread(10);
    List<String> ran = Collections.synchronizedList(new ArrayList<>());

    thread.submit(
        () -> {
          throw new IllegalStateException("boom");
        });
    thread.submit(() -> ran.add("after an exception"));
    thread.submit(
        () -> {
          throw new AssertionError("an Error");
        });
    thread.submit(() -> ran.add("after an error"));

    assertTrue(thread.drain(WAIT));
    assertEquals(List.of("after an exception", "after an error"), ran);
  }

  @Test(timeout = 5_000)
  public void drainAfterShutdownReturnsAtOnce() {
    AgentThread thread = thread(10);
    List<String> ran = Collections.synchronizedList(new ArrayList<>());
    thread.submit(() -> ran.add("before"));
    assertEquals(0, thread.shutdown(WAIT));

    assertTrue("nothing was left behind", thread.drain(Duration.ofMinutes(1)));
    assertEquals(
        "a second shutdown does not wait either", 0, thread.shutdown(Duration.ofMinutes(1)));
    assertEquals(List.of("before"), ran);
  }

  @Test
  public void submissionsAfterShutdownAreDropped() {
    AgentThread thread = thread(10);
    List<String> ran = Collections.synchronizedList(new ArrayList<>());
    thread.submit(() -> ran.add("before"));

    assertEquals(0, thread.shutdown(WAIT));
    assertFalse(thread.submit(() -> ran.add("after")));
    assertEquals(List.of("before"), ran);
    assertEquals(1, thread.dropped());
  }
}
