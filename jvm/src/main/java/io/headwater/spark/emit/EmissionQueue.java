package io.headwater.spark.emit;

import io.headwater.spark.config.HeadwaterConfig.EmitSettings;
import io.headwater.spark.config.Redaction;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClient;
import io.openlineage.client.transports.TransportConfig;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers events through the OpenLineage client on a thread of its own, from a bounded queue, so
 * that a slow or unreachable backend never stalls plan analysis or Spark. Events are redacted
 * ({@link EventRedaction}) and delivered in the order they were queued, each destination through a
 * {@link DurableTransport} (retries, spool, re-sending); a full queue drops the event (counted,
 * logged rate-limited). Spooled events of an earlier application are re-sent first; while the queue
 * is idle the thread re-sends spooled events and probes a destination that is down.
 *
 * <p>{@link #close} is bounded: it waits for the queue to drain at most until a quarter of its
 * budget (at most 1 s) is left — not at all when every destination is known to be down — then hands
 * what is left to the spool: the request in flight is aborted and spooled, queued events are
 * spooled without an attempt. The counters ({@link DeliveryCounters}) are then final, one line sums
 * them up when anything was not delivered (an event was dropped, or a spool still holds events),
 * and nothing more is logged.
 */
public final class EmissionQueue {
  private static final Logger LOG = LoggerFactory.getLogger(EmissionQueue.class);

  /** How long the queue stays empty before spooled events are re-sent or a probe is made. */
  private static final Duration IDLE_INTERVAL = Duration.ofMillis(200);

  private static final Duration MAX_RESERVE = Duration.ofSeconds(1);

  private final OpenLineageClient client;
  private final List<DurableTransport> destinations;
  private final EventRedaction redaction;
  private final DeliveryCounters counters;
  private final DeliveryLog log;
  private final Optional<String> spoolRoot;
  private final SerialExecutor executor;
  private volatile DeliveryStatus finalStatus;

  private EmissionQueue(
      Transports.Built built,
      Set<String> disabledFacets,
      EmitSettings emit,
      Redaction redaction,
      DeliveryCounters counters,
      DeliveryLog log) {
    // A meter registry of this client's own, closed with it: the client's default is one static
    // registry that its close() closes, so a second agent in the same JVM (a new session after
    // spark.stop(), or attach after detach) would register the same gauge again and log "This Gauge
    // has been already registered".
    this.client =
        new OpenLineageClient(
            built.transport(),
            null,
            new CompositeMeterRegistry(),
            disabledFacets.toArray(String[]::new));
    this.destinations = built.destinations();
    this.redaction = new EventRedaction(redaction);
    this.counters = counters;
    this.log = log;
    this.spoolRoot =
        emit.spool().enabled() ? Optional.of(emit.spool().dir().toString()) : Optional.empty();
    this.executor =
        new SerialExecutor("headwater-emit", emit.queueCapacity(), IDLE_INTERVAL, this::resend);
    if (destinations.stream().anyMatch(d -> d.spool().map(Spool::mayHaveRecords).orElse(false))) {
      executor.submit(this::resend); // an earlier application's events go first
    }
  }

  /**
   * The queue delivering to the transport {@code transport} configures.
   *
   * @param disabledFacets facets removed from every event ({@code facets.<name>.disabled})
   * @param redaction what must not leave the process (in events and log lines)
   * @throws RuntimeException whatever the client's factory throws for a transport it cannot build
   */
  public static EmissionQueue create(
      TransportConfig transport,
      Set<String> disabledFacets,
      EmitSettings emit,
      Redaction redaction) {
    DeliveryCounters counters = new DeliveryCounters();
    DeliveryLog log = new DeliveryLog(redaction::text);
    return new EmissionQueue(
        Transports.build(transport, emit, counters, log),
        disabledFacets,
        emit,
        redaction,
        counters,
        log);
  }

  public void submit(OpenLineage.RunEvent event) {
    queue(new Emission(event));
  }

  public void submit(OpenLineage.DatasetEvent event) {
    queue(new Emission(event));
  }

  public void submit(OpenLineage.JobEvent event) {
    queue(new Emission(event));
  }

  private void queue(Emission emission) {
    counters.emitted();
    if (!executor.submit(emission)) {
      counters.dropped();
    }
  }

  /**
   * Waits, at most {@code timeout}, until every event queued before the call was delivered, spooled
   * or dropped.
   */
  public boolean drain(Duration timeout) {
    return executor.drain(timeout);
  }

  /** The delivery counters now (final once {@link #close} returned). */
  public DeliveryStatus status() {
    DeliveryStatus closed = finalStatus;
    if (closed != null) {
      return closed;
    }
    return counters.snapshot(
        destinations.stream().anyMatch(DurableTransport::isDown), spoolRoot.orElse(null));
  }

  /**
   * Delivers what it can within {@code budget}, spools the rest, and closes the transport; returns
   * within {@code budget} (plus the time local disk writes of the spool take).
   *
   * @return the final counters
   */
  public DeliveryStatus close(Duration budget) {
    long deadline = System.nanoTime() + budget.toNanos();
    Duration reserve = budget.dividedBy(4);
    reserve = reserve.compareTo(MAX_RESERVE) > 0 ? MAX_RESERVE : reserve;
    boolean allDown = destinations.stream().allMatch(DurableTransport::isDown);
    if (!allDown) {
      executor.drain(left(deadline).minus(reserve));
    }
    destinations.forEach(DurableTransport::abandon);
    List<Runnable> pending = executor.stop();
    boolean idle = executor.awaitIdle(left(deadline).dividedBy(2));
    for (Runnable task : pending) {
      task.run(); // the destinations are abandoned: each event goes to the spool
    }
    destinations.forEach(DurableTransport::finishAbandon);
    if (!idle) {
      counters.dropped(); // the event in flight: its transport did not give it back in time
    }
    executor.closeLogs();
    log.close();
    DeliveryStatus status = status();
    finalStatus = status;
    List<String> waiting = spoolsHoldingEvents();
    if (status.dropped() > 0 || !waiting.isEmpty()) {
      LOG.warn(summary(status, waiting, idle));
    }
    try {
      client.close();
    } catch (Exception e) {
      LOG.warn("Headwater: closing the lineage transport failed: {}", e.toString());
    }
    return status;
  }

  /** The spool directories that still hold events (for this or a later application). */
  private List<String> spoolsHoldingEvents() {
    return destinations.stream()
        .flatMap(d -> d.spool().stream())
        .filter(Spool::mayHaveRecords)
        .map(s -> s.directory().toString())
        .toList();
  }

  private String summary(DeliveryStatus status, List<String> waiting, boolean idle) {
    StringBuilder line =
        new StringBuilder("Headwater: lineage delivery at application end: ")
            .append(status.emitted())
            .append(" event(s) emitted, ")
            .append(status.delivered())
            .append(" delivered, ")
            .append(status.spooled())
            .append(" spooled, ")
            .append(status.replayed())
            .append(" re-sent from the spool, ")
            .append(status.dropped())
            .append(" dropped (retries: ")
            .append(status.retried())
            .append(").");
    if (!waiting.isEmpty()) {
      line.append(" Spooled events are in ")
          .append(String.join(", ", waiting))
          .append(
              "; they are re-sent by the next application that delivers there, or with `headwater"
                  + " replay`.");
    }
    if (!idle) {
      line.append(
          " One event was still being sent when the close timeout"
              + " (spark.openlineage.emit.closeTimeoutMillis) ran out; it is counted as dropped.");
    }
    return line.toString();
  }

  private static Duration left(long deadline) {
    return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
  }

  /** Re-sends spooled events and probes destinations that are down (idle time, start). */
  private void resend() {
    for (DurableTransport destination : destinations) {
      destination.replay(DurableTransport.REPLAY_BATCH);
    }
  }

  /** One queued event: redacted, then handed to the client (disabled facets removed). */
  private final class Emission implements Runnable {
    private final OpenLineage.BaseEvent event;

    Emission(OpenLineage.BaseEvent event) {
      this.event = Objects.requireNonNull(event, "event");
    }

    @Override
    public void run() {
      EventKinds.send(redaction.redact(event), client::emit, client::emit, client::emit);
    }
  }
}
