package io.headwater.spark.connectors.kafka;

import java.util.Optional;

/**
 * Dataset identities of Kafka topics, by the OpenLineage naming spec: namespace {@code
 * kafka://<host>:<port>} of the first bootstrap server, name the topic.
 *
 * <table>
 *   <caption>namespace by {@code bootstrap.servers}</caption>
 *   <tr><th>bootstrap servers</th><th>namespace</th></tr>
 *   <tr><td>{@code broker1:9092,broker2:9092}</td><td>{@code kafka://broker1:9092}</td></tr>
 *   <tr><td>{@code SASL_SSL://broker1:9093}</td><td>{@code kafka://broker1:9093}</td></tr>
 *   <tr><td>{@code " 127.0.0.1:41861 "}</td><td>{@code kafka://127.0.0.1:41861}</td></tr>
 * </table>
 *
 * <p>A listener-style prefix ({@code PLAINTEXT://}, {@code SASL_SSL://}, ...) is dropped; the host
 * and port are kept as written.
 */
final class KafkaDatasetNames {
  private static final String SCHEME_SEPARATOR = "://";

  private KafkaDatasetNames() {}

  /**
   * The namespace of the topics of the cluster that {@code bootstrapServers} (Kafka's {@code
   * bootstrap.servers}, a comma-separated list of {@code host:port}) names; empty when it names no
   * server.
   */
  public static Optional<String> namespace(String bootstrapServers) {
    if (bootstrapServers == null) {
      return Optional.empty();
    }
    for (String server : bootstrapServers.split(",")) {
      String first = server.trim();
      int scheme = first.indexOf(SCHEME_SEPARATOR);
      if (scheme >= 0) {
        first = first.substring(scheme + SCHEME_SEPARATOR.length());
      }
      if (!first.isEmpty()) {
        return Optional.of("kafka://" + first);
      }
    }
    return Optional.empty();
  }
}
