package io.headwater.spark.agent;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Something built on a daemon thread of its own, off the caller's path, with the calls made to it
 * meanwhile kept in order and made once it is there. The listener uses it so that Spark's start-up
 * does nothing but register the listener: the agent (configuration, transports, the OpenLineage
 * client, extensions) is built here, and the listener events Spark delivers before it is ready wait
 * in a queue.
 *
 * <p>States: starting, then either ready (every queued call made, in order, before any later one)
 * or off (the builder gave no value, or {@link #abandon} gave up on it: queued calls are
 * discarded). {@link #run} never blocks on the build; the queue holds at most {@code capacity}
 * calls, then counts what it refuses and says so in one log line.
 *
 * @param <T> what is built
 */
final class DeferredStart<T> {
  private static final Logger LOG = LoggerFactory.getLogger(DeferredStart.class);

  /**
   * What the builder gave.
   *
   * @param value the built value, or null when there is none
   * @param offReason why there is none (null when there is a value)
   * @param <T> what is built
   */
  record Outcome<T>(T value, String offReason) {
    static <T> Outcome<T> ready(T value) {
      return new Outcome<>(value, null);
    }

    static <T> Outcome<T> off(String reason) {
      return new Outcome<>(null, reason);
    }
  }

  private enum State {
    STARTING,
    READY,
    OFF
  }

  private final Object lock = new Object();
  private final ArrayDeque<Consumer<T>> pending = new ArrayDeque<>();
  private final CountDownLatch settled = new CountDownLatch(1);
  private final int capacity;
  private final Consumer<T> discard;
  private volatile State state = State.STARTING;
  private volatile T value;
  private volatile String offReason;
  private long refused; // under lock

  private DeferredStart(int capacity, Consumer<T> discard) {
    this.capacity = capacity;
    this.discard = discard;
  }

  /**
   * Starts building on a new daemon thread.
   *
   * @param threadName the thread's name
   * @param loader the thread's context class loader (what services are looked up through)
   * @param capacity calls queued at most while starting
   * @param build the builder; runs once, on the new thread; a throwable it throws counts as an off
   *     outcome (a {@link VirtualMachineError} is rethrown after that)
   * @param discard what to do with a value built after {@link #abandon} gave up on it (release its
   *     threads)
   */
  static <T> DeferredStart<T> start(
      String threadName,
      ClassLoader loader,
      int capacity,
      Supplier<Outcome<T>> build,
      Consumer<T> discard) {
    DeferredStart<T> start = new DeferredStart<>(capacity, discard);
    Thread thread = new Thread(() -> start.settle(build), threadName);
    thread.setDaemon(true);
    thread.setContextClassLoader(loader);
    thread.start();
    return start;
  }

  private void settle(Supplier<Outcome<T>> build) {
    Outcome<T> outcome;
    VirtualMachineError fatal = null;
    try {
      outcome = build.get();
    } catch (Throwable t) {
      if (t instanceof VirtualMachineError error) {
        fatal = error;
      }
      outcome = Outcome.off(t.toString());
    }
    settle(outcome);
    if (fatal != null) {
      throw fatal;
    }
  }

  /** Ends the start with {@code outcome}: makes the queued calls, or discards them. */
  private void settle(Outcome<T> outcome) {
    synchronized (lock) {
      if (state != State.STARTING) { // abandoned meanwhile
        if (outcome.value() != null) {
          discard.accept(outcome.value());
        }
        return;
      }
      if (outcome.value() == null) {
        offReason = outcome.offReason();
        pending.clear();
        state = State.OFF;
      } else {
        value = outcome.value();
        for (Consumer<T> call = pending.poll(); call != null; call = pending.poll()) {
          call.accept(value);
        }
        state = State.READY;
      }
      settled.countDown();
    }
  }

  /**
   * Makes {@code call} on the value: now when it is ready, once it is when it is starting (after
   * every call queued before), never when it is off. Never waits for the build.
   */
  void run(Consumer<T> call) {
    if (state == State.READY) {
      call.accept(value);
      return;
    }
    synchronized (lock) {
      switch (state) {
        case STARTING -> {
          if (pending.size() < capacity) {
            pending.add(call);
          } else if (refused++ == 0) {
            LOG.warn(
                "Headwater: more than {} listener events arrived before the agent was ready; later"
                    + " ones are not analysed",
                capacity);
          }
          return;
        }
        case OFF -> {
          return;
        }
        case READY -> {
          // became ready since the check above: made below, outside the lock
        }
      }
    }
    call.accept(value);
  }

  /**
   * Waits, at most {@code timeout}, until the start has ended.
   *
   * @return true when it has (ready or off)
   */
  boolean await(Duration timeout) {
    try {
      return settled.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return settled.getCount() == 0;
    }
  }

  /**
   * Gives up on a start that has not ended: off with {@code reason}, queued calls discarded; a
   * value built later goes to {@code discard}. Nothing changes when the start has ended.
   *
   * @return true when it gave up
   */
  boolean abandon(String reason) {
    synchronized (lock) {
      if (state != State.STARTING) {
        return false;
      }
      offReason = reason;
      pending.clear();
      state = State.OFF;
      settled.countDown();
      return true;
    }
  }

  /** The value when it is ready; empty while starting and when off. */
  Optional<T> value() {
    return state == State.READY ? Optional.of(value) : Optional.empty();
  }

  /** Why it is off, or null while starting and when ready. */
  String offReason() {
    return state == State.OFF ? offReason : null;
  }
}
