package io.headwater.spark.emit;

import io.openlineage.client.OpenLineage;
import io.openlineage.client.transports.Transport;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Delivers to one {@link Destination} and never loses an event silently: each event is tried as the
 * {@link RetryPolicy} says, then goes to the destination's {@link Spool}; spooled events are
 * re-sent in order, before any newer event, as soon as the destination answers again. Never throws:
 * whatever happens is counted in {@link DeliveryCounters} and logged through {@link DeliveryLog}.
 *
 * <p>After a transient failure outlived the retries (or the endpoint refused an event), the
 * destination is known to be down: new events go straight to the spool, and one probe — the oldest
 * spooled record, sent once — is made at most every {@link RetryPolicy#probeInterval()}, with a new
 * event or from the emission thread's idle time ({@link #replay}). While the spool holds records,
 * new events are appended behind them, so the order is kept.
 *
 * <p>At application end {@link #abandon} ends every wait and aborts a request in flight: from then
 * on, events go to the spool without an attempt (written without forcing each to disk; {@link
 * #finishAbandon} forces them). Runs on the emission thread, except {@link #abandon} and the
 * abandoned path, which the closing thread may call.
 *
 * <p>A spool that cannot take an event while it still holds older ones (a full disk) does not hold
 * the event back: it is sent at once, out of order, rather than lost. A spool that fails its
 * ownership and permission checks ({@link SpoolFiles}) is given up for the life of the process,
 * with one line naming the path: events are then delivered without a spool.
 */
final class DurableTransport extends Transport {
  /** Records re-sent per replay pass, so new events are not held up behind a long spool. */
  static final int REPLAY_BATCH = 100;

  /** The HTTP status of a body the endpoint refuses as too large. */
  private static final int TOO_LARGE = 413;

  private final Transport delegate;
  private final Destination destination;
  private final RetryPolicy policy;
  private final RetryAfterHeader retryAfter;
  private volatile Optional<Spool> spool;
  private final DeliveryCounters counters;
  private final DeliveryLog log;
  private final Runnable abortInFlight;
  private final BudgetedEvents budgeted;
  private final CountDownLatch abandoned = new CountDownLatch(1);
  private volatile boolean down;
  private volatile long nextProbeNanos;

  /**
   * @param delegate makes one attempt per call
   * @param retryAfter the {@code Retry-After} header of the answer to the last attempt
   * @param spool where undeliverable events go; empty when spooling is off
   * @param abortInFlight aborts a request in flight (closing its connection), for the bounded stop
   * @param budget the largest event the destination is sent; events over it are cut to fit
   */
  DurableTransport(
      Transport delegate,
      Destination destination,
      RetryPolicy policy,
      RetryAfterHeader retryAfter,
      Optional<Spool> spool,
      DeliveryCounters counters,
      DeliveryLog log,
      Runnable abortInFlight,
      EventBudget budget) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.destination = Objects.requireNonNull(destination, "destination");
    this.policy = Objects.requireNonNull(policy, "policy");
    this.retryAfter = Objects.requireNonNull(retryAfter, "retryAfter");
    this.spool = Objects.requireNonNull(spool, "spool");
    this.counters = Objects.requireNonNull(counters, "counters");
    this.log = Objects.requireNonNull(log, "log");
    this.abortInFlight = Objects.requireNonNull(abortInFlight, "abortInFlight");
    this.budgeted = new BudgetedEvents(budget, destination, counters, log);
  }

  @Override
  public void emit(OpenLineage.RunEvent event) {
    deliver(event);
  }

  @Override
  public void emit(OpenLineage.DatasetEvent event) {
    deliver(event);
  }

  @Override
  public void emit(OpenLineage.JobEvent event) {
    deliver(event);
  }

  /** The destination this delivers to. */
  Destination destination() {
    return destination;
  }

  /** The spool, when spooling is on. */
  Optional<Spool> spool() {
    return spool;
  }

  /** True while the destination is known to be down. */
  boolean isDown() {
    return down;
  }

  /** True once {@link #abandon} was called. */
  boolean isAbandoned() {
    return abandoned.getCount() == 0;
  }

  private void deliver(OpenLineage.BaseEvent original) {
    OpenLineage.BaseEvent event = budgeted.next(original);
    if (isAbandoned()) {
      toSpool(EventJson.toJson(event), false, null);
      return;
    }
    Optional<Spool> records = spool;
    if (records.isPresent() && records.get().mayHaveRecords()) {
      replay(REPLAY_BATCH);
      if (records.get().mayHaveRecords()) {
        if (down && !probeDue()) {
          toSpool(EventJson.toJson(event), true, null);
          return;
        }
        if (spoolBehind(records.get(), EventJson.toJson(event))) {
          return;
        }
        // the spool cannot take it (a full disk): sent now, out of order, rather than lost
      }
    }
    if (down && !probeDue()) {
      toSpool(EventJson.toJson(event), true, null);
      return;
    }
    send(event, down ? 1 : policy.maxAttempts());
  }

  private void send(OpenLineage.BaseEvent event, int attempts) {
    for (int attempt = 1; ; attempt++) {
      RuntimeException failure = attempt(event);
      if (failure == null) {
        counters.delivered();
        markUp();
        return;
      }
      if (isAbandoned()) {
        toSpool(EventJson.toJson(event), false, failure);
        return;
      }
      RetryPolicy.Kind kind = RetryPolicy.classify(failure);
      if (kind == RetryPolicy.Kind.REJECTED) {
        counters.dropped();
        log.rejected(destination, RetryPolicy.status(failure), failure);
        return;
      }
      if (kind == RetryPolicy.Kind.REFUSED || attempt >= attempts) {
        markDown();
        log.undeliverable(destination, kind, spool.map(Spool::directory), failure);
        toSpool(EventJson.toJson(event), true, failure);
        return;
      }
      counters.retried();
      if (sleep(policy.waitAfter(attempt, failure, retryAfter.get()))) {
        toSpool(EventJson.toJson(event), false, failure); // abandoned while waiting
        return;
      }
    }
  }

  /**
   * One attempt, and while the destination refuses the event as too large (HTTP 413), again cut
   * below the refused size ({@link BudgetedEvents#afterRefusal}): null when it was delivered, else
   * the last failure (a 413 when the event cannot be cut further).
   */
  private RuntimeException attempt(OpenLineage.BaseEvent event) {
    OpenLineage.BaseEvent sent = event;
    while (true) {
      RuntimeException failure = attemptOnce(sent);
      if (failure == null || RetryPolicy.status(failure).orElse(0) != TOO_LARGE) {
        return failure;
      }
      Optional<OpenLineage.BaseEvent> smaller = budgeted.afterRefusal(event, sent);
      if (smaller.isEmpty()) {
        return failure;
      }
      sent = smaller.get();
    }
  }

  /** One attempt: null when it was delivered, else the failure. */
  private RuntimeException attemptOnce(OpenLineage.BaseEvent event) {
    retryAfter.clear();
    try {
      EventKinds.send(event, delegate::emit, delegate::emit, delegate::emit);
      return null;
    } catch (RuntimeException e) {
      return e;
    }
  }

  /**
   * Re-sends spooled records in order, at most {@code max}, while the destination takes them; when
   * it is known to be down, only if a probe is due. Does nothing when another process is re-sending
   * this spool.
   */
  void replay(int max) {
    Optional<Spool> spooled = spool;
    if (spooled.isEmpty() || !spooled.get().mayHaveRecords() || isAbandoned()) {
      return;
    }
    if (down && !probeDue()) {
      return;
    }
    Spool records = spooled.get();
    try {
      if (!records.beginReplay()) {
        return;
      }
      try {
        for (int sent = 0; sent < max && !isAbandoned(); sent++) {
          Optional<Spool.Entry> head = records.head();
          if (head.isEmpty()) {
            return;
          }
          if (!resend(records, head.get())) {
            return;
          }
        }
      } finally {
        records.endReplay();
      }
    } catch (SpoolFiles.ForeignPathException e) {
      refuseSpool(records, e);
    } catch (IOException e) {
      log.spoolUnreadable(records.directory(), e);
    }
  }

  /** Sends one spooled record once; false when the destination did not take it. */
  private boolean resend(Spool records, Spool.Entry entry) throws IOException {
    OpenLineage.BaseEvent event;
    try {
      event = EventJson.parse(entry.json());
    } catch (IllegalArgumentException e) {
      records.remove(entry);
      counters.dropped();
      log.unreadableRecord(records.directory(), e);
      return true;
    }
    nextProbeNanos = System.nanoTime() + policy.probeInterval().toNanos();
    RuntimeException failure = attempt(budgeted.next(event));
    if (failure == null) {
      records.remove(entry);
      counters.replayed();
      markUp();
      return true;
    }
    if (RetryPolicy.classify(failure) == RetryPolicy.Kind.REJECTED) {
      records.remove(entry);
      counters.dropped();
      log.rejected(destination, RetryPolicy.status(failure), failure);
      return true;
    }
    markDown();
    log.probeFailed(destination, failure);
    return false;
  }

  /**
   * Appends {@code json} behind the spool's records, to keep the order (counted as spooled); false,
   * counting nothing, when the spool cannot take it.
   */
  private boolean spoolBehind(Spool records, String json) {
    try {
      records.append(json, true);
      counters.spooled();
      return true;
    } catch (SpoolFiles.ForeignPathException e) {
      refuseSpool(records, e);
    } catch (IOException | RuntimeException e) {
      log.spoolSkipped(records.directory(), e);
    }
    return false;
  }

  /**
   * Gives up the spool for the life of this process: it failed the ownership and permission checks
   * ({@link SpoolFiles}); events that cannot be delivered are dropped from now on (counted).
   */
  private void refuseSpool(Spool records, SpoolFiles.ForeignPathException e) {
    spool = Optional.empty();
    records.close();
    log.spoolRefused(records.directory(), e);
  }

  /**
   * Writes {@code json} to the spool (counted as spooled), or counts it as dropped and says why.
   *
   * @param failure the last delivery failure, or null
   */
  private void toSpool(String json, boolean sync, RuntimeException failure) {
    Optional<Spool> records = spool;
    if (records.isEmpty()) {
      counters.dropped();
      log.droppedWithoutSpool(destination, failure);
      return;
    }
    try {
      records.get().append(json, sync);
      counters.spooled();
      log.spooled(destination, records.get().directory());
    } catch (Spool.FullException e) {
      counters.dropped();
      log.spoolFull(records.get().directory(), e);
    } catch (SpoolFiles.ForeignPathException e) {
      refuseSpool(records.get(), e);
      counters.dropped();
    } catch (IOException | RuntimeException e) {
      counters.dropped();
      log.spoolUnwritable(records.get().directory(), e);
    }
  }

  /**
   * Application end: no more attempts or waits; a request in flight is aborted, and every event
   * from now on goes to the spool.
   */
  void abandon() {
    abandoned.countDown();
    try {
      abortInFlight.run();
    } catch (RuntimeException e) {
      // the request ends with its own time-out
    }
  }

  /** Forces what was spooled after {@link #abandon} to disk. */
  void finishAbandon() {
    Optional<Spool> records = spool;
    if (records.isPresent()) {
      try {
        records.get().sync();
      } catch (IOException e) {
        log.spoolUnwritable(records.get().directory(), e);
      }
    }
  }

  private boolean probeDue() {
    return System.nanoTime() - nextProbeNanos >= 0;
  }

  private void markDown() {
    down = true;
    nextProbeNanos = System.nanoTime() + policy.probeInterval().toNanos();
  }

  private void markUp() {
    down = false;
  }

  /** Waits {@code duration} unless abandoned first; true when abandoned. */
  private boolean sleep(Duration duration) {
    try {
      return abandoned.await(duration.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return true;
    }
  }

  @Override
  public void close() throws Exception {
    try {
      delegate.close();
    } finally {
      spool.ifPresent(Spool::close);
    }
  }

  @Override
  public String toString() {
    return "DurableTransport{" + destination.display() + ", " + delegate + "}";
  }
}
