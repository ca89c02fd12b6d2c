package io.headwater.spark.agent;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.Test;

/**
 * The hand-off from the listener to the agent built on its own thread: calls made while it is being
 * built wait, in order, and are made once it is ready, before any later call; an off outcome
 * discards them. Synchronised with latches only.
 */
public class DeferredStartTest {
  private static final Duration WAIT = Duration.ofSeconds(30);

  /** A list the calls append to, built once {@code release} opens. */
  private static DeferredStart<List<String>> startAfter(
      CountDownLatch release, AtomicReference<Thread> builtOn, ClassLoader loader) {
    return DeferredStart.start(
        "headwater-start-test",
        loader,
        100,
        () -> {
          builtOn.set(Thread.currentThread());
          awaitLatch(release);
          return DeferredStart.Outcome.ready(Collections.synchronizedList(new ArrayList<>()));
        },
        value -> {});
  }

  private DeferredStart<List<String>> start(
      int capacity,
      Supplier<DeferredStart.Outcome<List<String>>> build,
      Consumer<List<String>> discard) {
    return DeferredStart.start(
        "headwater-start-test", getClass().getClassLoader(), capacity, build, discard);
  }

  /** {@code outcome}'s value once {@code release} opens. */
  private static <T> Supplier<T> after(CountDownLatch release, Supplier<T> outcome) {
    return () -> {
      awaitLatch(release);
      return outcome.get();
    };
  }

  private static void awaitLatch(CountDownLatch latch) {
    try {
      assertTrue(latch.await(WAIT.toMillis(), TimeUnit.MILLISECONDS));
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  public void callsMadeWhileStartingAreMadeInOrderOnceReadyBeforeLaterOnes() {
    CountDownLatch release = new CountDownLatch(1);
    AtomicReference<Thread> builtOn = new AtomicReference<>();
    ClassLoader loader = new URLClassLoader(new URL[0], getClass().getClassLoader());
    DeferredStart<List<String>> start = startAfter(release, builtOn, loader);

    start.run(list -> list.add("application start"));
    start.run(list -> list.add("execution 1 start"));
    start.run(list -> list.add("execution 1 end"));
    // none made yet, and run() did not wait for the build
    assertFalse(start.await(Duration.ZERO));
    assertTrue(start.value().isEmpty());
    assertNull(start.offReason());

    release.countDown();
    assertTrue(start.await(WAIT));
    List<String> calls = start.value().orElseThrow();
    assertEquals(List.of("application start", "execution 1 start", "execution 1 end"), calls);

    start.run(list -> list.add("execution 2 start"));
    assertEquals(
        List.of("application start", "execution 1 start", "execution 1 end", "execution 2 start"),
        calls);
    assertEquals("headwater-start-test", builtOn.get().getName());
    assertTrue(builtOn.get().isDaemon());
    assertSame(loader, builtOn.get().getContextClassLoader());
  }

  @Test
  public void anOffOutcomeDiscardsTheQueuedCallsAndLaterOnes() {
    CountDownLatch release = new CountDownLatch(1);
    List<String> made = Collections.synchronizedList(new ArrayList<>());
    DeferredStart<List<String>> start =
        start(
            100,
            after(
                release,
                () -> DeferredStart.Outcome.off("spark.openlineage.transport.type: unknown")),
            value -> {});
    start.run(list -> made.add("queued"));
    release.countDown();
    assertTrue(start.await(WAIT));
    start.run(list -> made.add("later"));

    assertEquals(List.of(), made);
    assertTrue(start.value().isEmpty());
    assertEquals("spark.openlineage.transport.type: unknown", start.offReason());
  }

  @Test
  public void aBuilderThatThrowsIsOffWithItsReason() {
    DeferredStart<List<String>> start =
        start(
            100,
            () -> {
              throw new IllegalStateException("no transport");
            },
            value -> {});
    assertTrue(start.await(WAIT));
    assertEquals("java.lang.IllegalStateException: no transport", start.offReason());
  }

  @Test
  public void anAbandonedStartDiscardsItsCallsAndHandsTheLateValueToDiscard() {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch discarded = new CountDownLatch(1);
    AtomicReference<List<String>> late = new AtomicReference<>();
    List<String> made = Collections.synchronizedList(new ArrayList<>());
    DeferredStart<List<String>> start =
        start(
            100,
            after(release, () -> DeferredStart.Outcome.ready(made)),
            value -> {
              late.set(value);
              discarded.countDown();
            });
    start.run(list -> list.add("queued"));

    assertTrue(start.abandon("the application ended before the agent was ready"));
    assertTrue(start.await(Duration.ZERO));
    assertFalse(start.abandon("again"));
    release.countDown();
    awaitLatch(discarded);

    assertSame(made, late.get());
    assertEquals(List.of(), made);
    assertTrue(start.value().isEmpty());
    assertEquals("the application ended before the agent was ready", start.offReason());
  }

  @Test
  public void callsBeyondTheCapacityAreRefusedWhileStarting() {
    CountDownLatch release = new CountDownLatch(1);
    DeferredStart<List<String>> start =
        start(
            2,
            after(
                release,
                () -> DeferredStart.Outcome.ready(Collections.synchronizedList(new ArrayList<>()))),
            value -> {});
    start.run(list -> list.add("1"));
    start.run(list -> list.add("2"));
    start.run(list -> list.add("3"));
    release.countDown();
    assertTrue(start.await(WAIT));
    assertEquals(List.of("1", "2"), start.value().orElseThrow());
  }
}
