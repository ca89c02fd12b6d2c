package io.headwater.spark.emit;

import io.headwater.spark.logging.RateLimitedLog;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs tasks one at a time, in submission order, on one daemon thread of its own, from a bounded
 * queue. {@link #submit} never blocks the caller (Spark's listener-bus thread): when the queue is
 * full the task is dropped, counted and reported through a {@link RateLimitedLog}. A task that
 * throws is logged and the next one runs.
 */
public final class SerialExecutor {
  private static final Logger LOG = LoggerFactory.getLogger(SerialExecutor.class);

  private final String name;
  private final BlockingQueue<Runnable> queue;
  private final RateLimitedLog drops;
  private final RateLimitedLog failures;
  private final Thread worker;
  private volatile boolean stopped;

  /**
   * @param name the thread's name, also used in log lines
   * @param capacity tasks that may wait; more are dropped
   */
  public SerialExecutor(String name, int capacity) {
    this.name = name;
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.drops = new RateLimitedLog(LOG, Duration.ofMinutes(1));
    this.failures = new RateLimitedLog(LOG, Duration.ofMinutes(1));
    this.worker = new Thread(this::work, name);
    this.worker.setDaemon(true);
    this.worker.start();
  }

  /**
   * Queues {@code task}; returns false (and counts a drop) when the queue is full or the executor
   * stopped.
   */
  public boolean submit(Runnable task) {
    if (stopped || !queue.offer(task)) {
      drops.warn(name + ": queue full or stopped, work dropped", null);
      return false;
    }
    return true;
  }

  /**
   * Waits until every task submitted before this call has run, at most {@code timeout}. After
   * {@link #shutdown} it returns at once: no worker is left to run anything, so it only reports
   * whether tasks were left behind.
   *
   * @return true when they all ran in time
   */
  public boolean drain(Duration timeout) {
    if (Thread.currentThread() == worker) {
      return true;
    }
    if (stopped) {
      return queue.isEmpty();
    }
    CountDownLatch done = new CountDownLatch(1);
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      if (!queue.offer(done::countDown, timeout.toNanos(), TimeUnit.NANOSECONDS)) {
        return false;
      }
      return done.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * Drains (at most {@code timeout}), then stops the thread; later submissions are dropped.
   *
   * @return the number of tasks that had not run when it stopped (0 when everything ran in time)
   */
  public int shutdown(Duration timeout) {
    boolean drained = drain(timeout);
    int left = drained ? 0 : Math.max(1, queue.size());
    stopped = true;
    worker.interrupt();
    return left;
  }

  /** Tasks waiting in the queue now. */
  int pending() {
    return queue.size();
  }

  /** Tasks dropped so far. */
  long dropped() {
    return drops.count();
  }

  private void work() {
    while (!stopped) {
      Runnable task;
      try {
        task = queue.take();
      } catch (InterruptedException e) {
        if (stopped) {
          return;
        }
        continue;
      }
      try {
        task.run();
      } catch (Throwable t) {
        if (t instanceof VirtualMachineError error) {
          throw error;
        }
        failures.warn(name + ": a task failed", t);
      }
    }
  }
}
