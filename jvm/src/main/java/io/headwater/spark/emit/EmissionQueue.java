package io.headwater.spark.emit;

import io.headwater.spark.logging.RateLimitedLog;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClient;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers events through the OpenLineage client on a thread of its own, from a bounded queue, so
 * that a slow or unreachable backend never stalls plan analysis or Spark: a full queue drops the
 * event (counted, logged rate-limited), a failed delivery is logged rate-limited and the next event
 * goes on. Events are delivered in the order they were queued, so a run's START always precedes its
 * terminal event.
 */
public final class EmissionQueue {
  private static final Logger LOG = LoggerFactory.getLogger(EmissionQueue.class);

  private final OpenLineageClient client;
  private final SerialExecutor executor;
  private final RateLimitedLog failures = new RateLimitedLog(LOG, Duration.ofMinutes(1));
  // Events that failed delivery or were dropped by a full queue. Only what Python's flush() needs
  // to
  // be honest; the delivery counters of issue 14 supersede it.
  private final AtomicLong undelivered = new AtomicLong();

  public EmissionQueue(OpenLineageClient client, int capacity) {
    this.client = Objects.requireNonNull(client, "client");
    this.executor = new SerialExecutor("headwater-emit", capacity);
  }

  public void submit(OpenLineage.RunEvent event) {
    enqueue(() -> client.emit(event));
  }

  public void submit(OpenLineage.DatasetEvent event) {
    enqueue(() -> client.emit(event));
  }

  public void submit(OpenLineage.JobEvent event) {
    enqueue(() -> client.emit(event));
  }

  /**
   * Waits, at most {@code timeout}, until every event queued before the call was delivered or
   * failed.
   */
  public boolean drain(Duration timeout) {
    return executor.drain(timeout);
  }

  /**
   * Drains (at most {@code timeout}) and closes the client's transport.
   *
   * @return how many events were still queued (undelivered) when the time ran out
   */
  public int close(Duration timeout) {
    int undelivered = executor.shutdown(timeout);
    try {
      client.close();
    } catch (Exception e) {
      LOG.warn("Headwater: closing the lineage transport failed: {}", e.toString());
    }
    return undelivered;
  }

  /**
   * Events that could not be delivered so far: their delivery failed (after the transport's
   * retries), or the queue was full or closed when they were submitted.
   */
  public long undelivered() {
    return undelivered.get();
  }

  private void enqueue(Runnable emit) {
    if (!executor.submit(() -> deliver(emit))) {
      undelivered.incrementAndGet();
    }
  }

  private void deliver(Runnable emit) {
    try {
      emit.run();
    } catch (RuntimeException e) {
      undelivered.incrementAndGet();
      failures.warn(
          "Headwater: a lineage event could not be delivered; check the lineage backend and"
              + " spark.openlineage.transport.*",
          e);
    }
  }
}
