package io.headwater.spark.emit;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.logging.RateLimitedLog;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One of the agent's own threads — the analysis thread ({@code headwater-analysis}) that reads
 * plans and decides, the emission thread ({@code headwater-emit}) that delivers: runs tasks one at
 * a time, in submission order, on one daemon thread, from a bounded queue. {@link #submit} never
 * blocks the caller (Spark's listener-bus thread): when the queue is full the task is dropped,
 * counted and reported through a {@link RateLimitedLog}. A task that throws is logged and the next
 * one runs. An optional idle task runs whenever no task came for a while (the emission thread
 * probes a destination that is down with it).
 */
@Internal
public final class AgentThread {
  private static final Logger LOG = LoggerFactory.getLogger(AgentThread.class);

  /** How often the worker looks at the stop flag and the idle task's due time. */
  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final String name;
  private final BlockingQueue<Runnable> queue;
  private final RateLimitedLog drops;
  private final RateLimitedLog failures;
  private final Runnable idleTask;
  private final long idleNanos;
  private final Thread worker;
  // held by the worker while it waits for a task and while it runs one, so that awaitIdle knows
  // when a task taken from the queue has finished
  private final ReentrantLock running = new ReentrantLock();
  private volatile boolean stopped;
  private volatile boolean busy;

  /**
   * @param name the thread's name, also used in log lines
   * @param capacity tasks that may wait; more are dropped
   */
  public AgentThread(String name, int capacity) {
    this(name, capacity, Duration.ZERO, null);
  }

  /**
   * @param idleInterval how long the queue must stay empty before {@code idleTask} runs (again)
   * @param idleTask runs on the worker when no task came for {@code idleInterval}; null for none
   */
  AgentThread(String name, int capacity, Duration idleInterval, Runnable idleTask) {
    this.name = name;
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.drops = new RateLimitedLog(LOG, Duration.ofMinutes(1));
    this.failures = new RateLimitedLog(LOG, Duration.ofMinutes(1));
    this.idleTask = idleTask;
    this.idleNanos = idleInterval.toNanos();
    this.worker = new Thread(this::work, name);
    this.worker.setDaemon(true);
    this.worker.start();
  }

  /**
   * Queues {@code task}; returns false (and counts a drop) when the queue is full or the thread
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
    int left = drained ? 0 : queue.size() + (busy ? 1 : 0);
    stopped = true;
    worker.interrupt();
    closeLogs();
    return left;
  }

  /**
   * Stops taking tasks without waiting: later submissions are dropped, the worker ends after the
   * task it runs now (it is not interrupted).
   *
   * @return the tasks that were waiting, in order, for the caller to deal with
   */
  List<Runnable> stop() {
    stopped = true;
    List<Runnable> pending = new ArrayList<>();
    queue.drainTo(pending);
    return pending;
  }

  /**
   * Waits, at most {@code timeout}, until the worker runs no task.
   *
   * @return true when it is idle (or gone)
   */
  boolean awaitIdle(Duration timeout) {
    if (Thread.currentThread() == worker) {
      return true;
    }
    try {
      if (running.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
        running.unlock();
        return true;
      }
      return !worker.isAlive();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Reports the drops and failures counted since the last line, then stays silent. */
  void closeLogs() {
    drops.close();
    failures.close();
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
    long idleSince = System.nanoTime();
    while (!stopped) {
      running.lock();
      try {
        Runnable task = queue.poll(POLL_NANOS, TimeUnit.NANOSECONDS);
        if (task != null) {
          run(task);
          idleSince = System.nanoTime();
        } else if (idleTask != null && !stopped && System.nanoTime() - idleSince >= idleNanos) {
          run(idleTask);
          idleSince = System.nanoTime();
        }
      } catch (InterruptedException e) {
        if (stopped) {
          return;
        }
      } finally {
        running.unlock();
      }
    }
  }

  private void run(Runnable task) {
    busy = true;
    try {
      task.run();
    } catch (Throwable t) {
      if (t instanceof VirtualMachineError error) {
        throw error;
      }
      failures.warn(name + ": a task failed", t);
    } finally {
      busy = false;
    }
  }
}
