package io.headwater.spark.emit;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.HeadwaterConfig.EmitSettings;
import io.headwater.spark.config.Redaction;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import io.openlineage.client.transports.TransportConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
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
@Internal
public final class EmissionQueue {
  private static final Logger LOG = LoggerFactory.getLogger(EmissionQueue.class);

  /** How long the queue stays empty before spooled events are re-sent or a probe is made. */
  private static final Duration IDLE_INTERVAL = Duration.ofMillis(200);

  private static final Duration MAX_RESERVE = Duration.ofSeconds(1);

  private final Supplier<Delivery> opener;
  private final Object opening = new Object();
  private volatile Delivery delivery; // null until the emission thread first runs
  private final EventRedaction redaction;
  private final DeliveryCounters counters;
  private final DeliveryLog log;
  private final Optional<String> spoolRoot;
  private final AgentThread thread;
  private volatile DeliveryStatus finalStatus;
  private final Optional<Path> journalRoot;
  private volatile RunJournal journal; // null until opened, or without a spool

  private EmissionQueue(
      Supplier<Transports.Built> transport,
      Set<String> disabledFacets,
      EmitSettings emit,
      Redaction redaction,
      DeliveryCounters counters,
      DeliveryLog log) {
    this.opener = () -> Delivery.open(transport, disabledFacets, redaction);
    this.redaction = new EventRedaction(redaction);
    this.counters = counters;
    this.log = log;
    this.spoolRoot =
        emit.spool().enabled() ? Optional.of(emit.spool().dir().toString()) : Optional.empty();
    this.journalRoot = emit.spool().enabled() ? Optional.of(emit.spool().dir()) : Optional.empty();
    this.thread =
        new AgentThread("headwater-emit", emit.queueCapacity(), IDLE_INTERVAL, this::resend);
    // The first task: the transport, the client and the spool are built on the emission thread, off
    // the SparkContext's construction (the job's critical path); then an earlier application's
    // spooled events are re-sent, before any event of this one.
    thread.submit(this::open);
  }

  /**
   * The queue delivering to the transport {@code transport} configures. Only the queue and its
   * thread are made here; the transport, the OpenLineage client and the spool are built on that
   * thread when it first runs (events submitted before wait in the queue). A transport that cannot
   * be built then gives one error line naming the cause, and its events are counted as dropped.
   *
   * @param disabledFacets facets removed from every event ({@code facets.<name>.disabled})
   * @param redaction what must not leave the process (in events and log lines)
   */
  public static EmissionQueue create(
      TransportConfig transport,
      Set<String> disabledFacets,
      EmitSettings emit,
      Redaction redaction) {
    // the client would do this when it is built: events serialised before (the static lineage API's
    // JSON) leave the disabled facets out too
    OpenLineageClientUtils.configureObjectMapper(disabledFacets.toArray(String[]::new));
    DeliveryCounters counters = new DeliveryCounters();
    DeliveryLog log = new DeliveryLog(redaction::text);
    return new EmissionQueue(
        () -> Transports.build(transport, emit, counters, log),
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
    if (!thread.submit(emission)) {
      counters.dropped();
    }
  }

  /**
   * Waits, at most {@code timeout}, until every event queued before the call was delivered, spooled
   * or dropped.
   */
  public boolean drain(Duration timeout) {
    return thread.drain(timeout);
  }

  /** The delivery counters now (final once {@link #close} returned). */
  public DeliveryStatus status() {
    DeliveryStatus closed = finalStatus;
    if (closed != null) {
      return closed;
    }
    Delivery built = delivery;
    return counters.snapshot(
        built != null && built.destinations().stream().anyMatch(DurableTransport::isDown),
        spoolRoot.orElse(null));
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
    Delivery built = delivery;
    // not built yet: drain, so that the emission thread builds it and delivers what is queued
    boolean allDown =
        built != null && built.destinations().stream().allMatch(DurableTransport::isDown);
    if (!allDown) {
      thread.drain(left(deadline).minus(reserve));
    }
    List<DurableTransport> destinations = delivery().destinations();
    destinations.forEach(DurableTransport::abandon);
    List<Runnable> pending = thread.stop();
    boolean idle = thread.awaitIdle(left(deadline).dividedBy(2));
    for (Runnable task : pending) {
      task.run(); // the destinations are abandoned: each event goes to the spool
    }
    destinations.forEach(DurableTransport::finishAbandon);
    RunJournal runs = journal;
    if (runs != null) {
      runs.close();
    }
    if (!idle) {
      counters.dropped(); // the event in flight: its transport did not give it back in time
    }
    thread.closeLogs();
    log.close();
    DeliveryStatus status = status();
    finalStatus = status;
    List<String> waiting = spoolsHoldingEvents(destinations);
    if (status.dropped() > 0 || !waiting.isEmpty()) {
      LOG.warn(summary(status, waiting, idle));
    }
    try {
      delivery().close();
    } catch (Exception e) {
      LOG.warn("Headwater: closing the lineage transport failed: {}", e.toString());
    }
    return status;
  }

  /** The spool directories that still hold events (for this or a later application). */
  private static List<String> spoolsHoldingEvents(List<DurableTransport> destinations) {
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

  /**
   * The delivery, built on the calling thread if it is not yet (the emission thread's first task
   * builds it; {@link #close} may come first).
   */
  private Delivery delivery() {
    Delivery built = delivery;
    if (built != null) {
      return built;
    }
    synchronized (opening) {
      if (delivery == null) {
        delivery = opener.get();
      }
      return delivery;
    }
  }

  /**
   * The emission thread's first task: builds the delivery, re-sends an earlier one's events, then
   * ABORTs the runs that killed processes left open ({@link RunJournal}).
   */
  private void open() {
    if (delivery().destinations().stream()
        .anyMatch(d -> d.spool().map(Spool::mayHaveRecords).orElse(false))) {
      resend(); // an earlier application's events go first
    }
    if (journalRoot.isPresent() && !delivery().lost()) {
      RunJournal runs = new RunJournal(journalRoot.get());
      int aborted =
          runs.abortOrphans(
              abort -> {
                counters.emitted();
                new Emission(abort).run();
              });
      if (aborted > 0) {
        LOG.info(
            "Headwater: {} run(s) left open by a killed application were ended with ABORT",
            aborted);
      }
      journal = runs;
    }
  }

  /**
   * Re-sends spooled events and probes destinations that are down (idle time, start); notes in the
   * journal that the process is alive.
   */
  private void resend() {
    for (DurableTransport destination : delivery().destinations()) {
      destination.replay(DurableTransport.REPLAY_BATCH);
    }
    RunJournal runs = journal;
    if (runs != null) {
      runs.alive();
    }
  }

  /**
   * One queued event: redacted, then handed to the client (disabled facets removed); counted as
   * dropped when the transport could not be built.
   */
  private final class Emission implements Runnable {
    private final OpenLineage.BaseEvent event;

    Emission(OpenLineage.BaseEvent event) {
      this.event = Objects.requireNonNull(event, "event");
    }

    @Override
    public void run() {
      Delivery built = delivery();
      if (built.lost()) {
        counters.dropped();
        return;
      }
      OpenLineage.BaseEvent redacted = redaction.redact(event);
      RunJournal runs = journal;
      if (runs != null && redacted instanceof OpenLineage.RunEvent run) {
        runs.record(run);
      }
      built.send(redacted);
    }
  }
}
