package io.headwater.spark.emit;

import io.headwater.spark.config.HeadwaterConfig.EmitSettings;
import io.openlineage.client.transports.CompositeConfig;
import io.openlineage.client.transports.FileConfig;
import io.openlineage.client.transports.HttpConfig;
import io.openlineage.client.transports.HttpTransport;
import io.openlineage.client.transports.KafkaConfig;
import io.openlineage.client.transports.Transport;
import io.openlineage.client.transports.TransportConfig;
import io.openlineage.client.transports.TransportFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.io.CloseMode;

/**
 * Builds the configured transport with Headwater's delivery guarantees: one {@link
 * DurableTransport} (retries, spool, accounting) per destination — the transport itself, or each
 * child of a {@code composite} ({@link FanOutTransport}). Under it: for {@code http}, the
 * OpenLineage client's {@code HttpTransport} on an HTTP client that makes one attempt per call
 * ({@link SingleAttemptHttpClients}); for {@code file}, {@link AtomicFileTransport}; for {@code
 * kafka}, {@link KafkaEventTransport} (which waits for each acknowledgement, so a record the broker
 * refuses for its size is cut and sent again), the producer's {@code key.serializer} and {@code
 * value.serializer} defaulting to Kafka's {@code StringSerializer} (events and keys are strings);
 * for every other type, what the client's {@link TransportFactory} builds.
 */
final class Transports {
  private static final String STRING_SERIALIZER =
      "org.apache.kafka.common.serialization.StringSerializer";

  /** Kafka's default {@code max.request.size}. */
  private static final long KAFKA_MAX_REQUEST_SIZE = 1_048_576;

  /** Bytes of a Kafka record's size kept for its key and framing. */
  static final long KAFKA_RECORD_OVERHEAD = 1_024;

  private Transports() {}

  /**
   * The transport {@code config} describes and its destinations.
   *
   * @param counters where every destination counts its deliveries
   * @throws RuntimeException whatever the client's factory throws for a configuration it cannot
   *     build
   */
  static Built build(
      TransportConfig config, EmitSettings emit, DeliveryCounters counters, DeliveryLog log) {
    RetryPolicy policy = new RetryPolicy(emit.retry());
    if (config instanceof CompositeConfig composite) {
      List<DurableTransport> children = new ArrayList<>();
      for (TransportConfig child : composite.getTransports()) {
        children.add(durable(child, emit, policy, counters, log));
      }
      return new Built(new FanOutTransport(children), children);
    }
    DurableTransport durable = durable(config, emit, policy, counters, log);
    return new Built(durable, List.of(durable));
  }

  /**
   * A built transport.
   *
   * @param transport what the OpenLineage client is given
   * @param destinations each destination's delivery, in configuration order
   */
  record Built(Transport transport, List<DurableTransport> destinations) {
    public Built {
      destinations = List.copyOf(destinations);
    }
  }

  private static DurableTransport durable(
      TransportConfig config,
      EmitSettings emit,
      RetryPolicy policy,
      DeliveryCounters counters,
      DeliveryLog log) {
    Destination destination = Destination.of(config);
    RetryAfterHeader retryAfter = new RetryAfterHeader();
    Transport transport;
    Runnable abort = () -> {};
    if (config instanceof HttpConfig http) {
      Optional<CloseableHttpClient> client = SingleAttemptHttpClients.create(http, retryAfter::set);
      transport =
          client.<Transport>map(c -> new HttpTransport(c, http)).orElseGet(() -> factory(config));
      if (client.isPresent()) {
        CloseableHttpClient c = client.get();
        abort = () -> c.close(CloseMode.IMMEDIATE);
      }
    } else if (config instanceof FileConfig file) {
      transport = new AtomicFileTransport(Destination.fileLocation(file));
    } else if (config instanceof KafkaConfig kafka) {
      transport =
          KafkaEventTransport.create(kafka, withStringSerializers(kafka), emit.closeTimeout());
    } else {
      transport = factory(config);
    }
    Optional<Spool> spool =
        emit.spool().enabled()
            ? Optional.of(new Spool(emit.spool().dir(), destination, emit.spool().maxBytes()))
            : Optional.empty();
    return new DurableTransport(
        transport,
        destination,
        policy,
        retryAfter,
        spool,
        counters,
        log,
        abort,
        budget(config, emit));
  }

  /**
   * The largest event {@code config}'s destination is sent: {@code emit.maxEventBytes} when set,
   * else for {@code kafka} the producer's {@code max.request.size} (Kafka's default 1 MiB) less
   * {@value #KAFKA_RECORD_OVERHEAD} bytes for the record's key and framing; none for the others.
   */
  private static EventBudget budget(TransportConfig config, EmitSettings emit) {
    if (emit.maxEventBytes().isPresent()) {
      return new EventBudget(OptionalLong.of(emit.maxEventBytes().get()));
    }
    if (config instanceof KafkaConfig kafka) {
      String max =
          kafka.getProperties() == null
              ? null
              : kafka.getProperties().getProperty("max.request.size");
      long request = KAFKA_MAX_REQUEST_SIZE;
      if (max != null) {
        try {
          request = Long.parseLong(max.trim());
        } catch (NumberFormatException e) {
          // the producer itself refuses the setting and says so
        }
      }
      return new EventBudget(OptionalLong.of(Math.max(1, request - KAFKA_RECORD_OVERHEAD)));
    }
    return new EventBudget(OptionalLong.empty());
  }

  /**
   * {@code kafka}'s producer properties, the serializers the user left out set to Kafka's
   * StringSerializer.
   */
  private static Properties withStringSerializers(KafkaConfig kafka) {
    Properties properties = new Properties();
    if (kafka.getProperties() != null) {
      properties.putAll(kafka.getProperties());
    }
    properties.putIfAbsent("key.serializer", STRING_SERIALIZER);
    properties.putIfAbsent("value.serializer", STRING_SERIALIZER);
    return properties;
  }

  private static Transport factory(TransportConfig config) {
    return new TransportFactory(config).build();
  }
}
