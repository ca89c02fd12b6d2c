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
 * hang if {@link SerialExecutor#submit} blocked carry a JUnit time-out, so a hang fails instead of
 * stalling the build.
 */
public class SerialExecutorTest {
  private static final Duration WAIT = Duration.ofSeconds(10);

  private final List<SerialExecutor> executors = new ArrayList<>();
  private final List<CountDownLatch> toRelease = new ArrayList<>();

  @After
  public void stop() {
    toRelease.forEach(CountDownLatch::countDown);
    executors.forEach(e -> e.shutdown(Duration.ofSeconds(1)));
  }

  private SerialExecutor executor(int capacity) {
    SerialExecutor executor = new SerialExecutor("test-executor", capacity);
    executors.add(executor);
    return executor;
  }

  /**
   * Submits a task that blocks the worker until the returned latch is released, and waits until it
   * runs.
   */
  private CountDownLatch occupyWorker(SerialExecutor executor) throws InterruptedException {
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    toRelease.add(release);
    assertTrue(
        executor.submit(
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
    SerialExecutor executor = executor(1000);
    List<Integer> ran = Collections.synchronizedList(new ArrayList<>());

    for (int i = 0; i < 500; i++) {
      int n = i;
      assertTrue(executor.submit(() -> ran.add(n)));
    }

    assertTrue(executor.drain(WAIT));
    assertEquals(IntStream.range(0, 500).boxed().collect(Collectors.toList()), ran);
  }

  @Test(timeout = 10_000)
  public void dropsWhenFullWithoutBlockingTheCaller() throws InterruptedException {
    SerialExecutor executor = executor(2);
    List<String> ran = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch release = occupyWorker(executor);

    assertTrue(executor.submit(() -> ran.add("first")));
    assertTrue(executor.submit(() -> ran.add("second")));
    assertFalse("the queue is full", executor.submit(() -> ran.add("dropped")));
    assertFalse(executor.submit(() -> ran.add("dropped too")));
    assertEquals(2, executor.dropped());

    release.countDown();
    assertTrue(executor.drain(WAIT));
    assertEquals(List.of("first", "second"), ran);
    assertTrue("room again once drained", executor.submit(() -> ran.add("later")));
  }

  @Test(timeout = 10_000)
  public void drainWaitsForEarlierTasks() throws InterruptedException {
    SerialExecutor executor = executor(10);
    List<String> ran = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch release = occupyWorker(executor);
    executor.submit(() -> ran.add("queued behind the blocked task"));

    assertFalse(
        "cannot drain while an earlier task is blocked", executor.drain(Duration.ofMillis(50)));
    assertEquals(List.of(), ran);

    release.countDown();
    assertTrue(executor.drain(WAIT));
    assertEquals(List.of("queued behind the blocked task"), ran);
  }

  @Test
  public void aThrowingTaskDoesNotStopLaterOnes() {
    SerialExecutor executor = executor(10);
    List<String> ran = Collections.synchronizedList(new ArrayList<>());

    executor.submit(
        () -> {
          throw new IllegalStateException("boom");
        });
    executor.submit(() -> ran.add("after an exception"));
    executor.submit(
        () -> {
          throw new AssertionError("an Error");
        });
    executor.submit(() -> ran.add("after an error"));

    assertTrue(executor.drain(WAIT));
    assertEquals(List.of("after an exception", "after an error"), ran);
  }

  @Test(timeout = 5_000)
  public void drainAfterShutdownReturnsAtOnce() {
    SerialExecutor executor = executor(10);
    List<String> ran = Collections.synchronizedList(new ArrayList<>());
    executor.submit(() -> ran.add("before"));
    assertEquals(0, executor.shutdown(WAIT));

    assertTrue("nothing was left behind", executor.drain(Duration.ofMinutes(1)));
    assertEquals(
        "a second shutdown does not wait either", 0, executor.shutdown(Duration.ofMinutes(1)));
    assertEquals(List.of("before"), ran);
  }

  @Test
  public void submissionsAfterShutdownAreDropped() {
    SerialExecutor executor = executor(10);
    List<String> ran = Collections.synchronizedList(new ArrayList<>());
    executor.submit(() -> ran.add("before"));

    assertEquals(0, executor.shutdown(WAIT));
    assertFalse(executor.submit(() -> ran.add("after")));
    assertEquals(List.of("before"), ran);
    assertEquals(1, executor.dropped());
  }
}
