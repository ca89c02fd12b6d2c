package io.headwater.spark.emit;

import io.headwater.spark.config.Redaction;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClient;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an {@link EmissionQueue} delivers through, built on its emission thread when that first
 * runs: the OpenLineage client over the configured transport, and each destination's {@link
 * DurableTransport}. When the transport cannot be built it is <em>lost</em>: no client, no
 * destinations, one error line naming the cause, and the queue counts every event as dropped.
 */
final class Delivery {
  private static final Logger LOG = LoggerFactory.getLogger(Delivery.class);

  private final OpenLineageClient client; // null when lost
  private final List<DurableTransport> destinations;

  private Delivery(OpenLineageClient client, List<DurableTransport> destinations) {
    this.client = client;
    this.destinations = destinations;
  }

  /**
   * Builds the transport {@code transport} supplies and the client over it; never throws (but for
   * the JVM's own errors): a transport that cannot be built is logged once and gives a lost
   * delivery.
   *
   * @param disabledFacets facets the client removes from every event
   * @param redaction applied to the log line (a cause may quote a setting)
   */
  static Delivery open(
      Supplier<Transports.Built> transport, Set<String> disabledFacets, Redaction redaction) {
    try {
      Transports.Built built = transport.get();
      // A meter registry of this client's own, closed with it: the client's default is one static
      // registry that its close() closes, so a second agent in the same JVM (a new session after
      // spark.stop(), or attach after detach) would register the same gauge again and log "This
      // Gauge has been already registered".
      OpenLineageClient client =
          new OpenLineageClient(
              built.transport(),
              null,
              new CompositeMeterRegistry(),
              disabledFacets.toArray(String[]::new));
      return new Delivery(client, built.destinations());
    } catch (Throwable t) {
      if (t instanceof VirtualMachineError error) {
        throw error;
      }
      String cause = t.getMessage() == null ? t.toString() : t.getMessage();
      LOG.error(
          "Headwater: the lineage transport could not be built, so this application's lineage"
              + " events are dropped: {}",
          redaction.text(cause));
      return new Delivery(null, List.of());
    }
  }

  /** True when the transport could not be built: every event is dropped. */
  boolean lost() {
    return client == null;
  }

  /** Each destination's delivery, in configuration order (none when lost). */
  List<DurableTransport> destinations() {
    return destinations;
  }

  /** Hands {@code event} to the client (which removes disabled facets); not for a lost delivery. */
  void send(OpenLineage.BaseEvent event) {
    EventKinds.send(event, client::emit, client::emit, client::emit);
  }

  /** Closes the client and its transport, if there is one. */
  void close() throws Exception {
    if (client != null) {
      client.close();
    }
  }
}
