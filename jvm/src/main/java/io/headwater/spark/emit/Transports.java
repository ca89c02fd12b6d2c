package io.headwater.spark.emit;

import io.headwater.spark.config.HeadwaterConfig.RetrySettings;
import io.openlineage.client.transports.HttpConfig;
import io.openlineage.client.transports.HttpTransport;
import io.openlineage.client.transports.Transport;
import io.openlineage.client.transports.TransportConfig;
import io.openlineage.client.transports.TransportFactory;

/**
 * Builds the configured transport with the OpenLineage Java client's {@link TransportFactory} and
 * adds Headwater's delivery guarantees: an HTTP transport makes one attempt per call (see {@link
 * SingleAttemptHttpClients}) and is wrapped in a {@link RetryingTransport}. (The children of a
 * {@code composite} transport are built inside the client and get no retries of Headwater's.)
 */
public final class Transports {
  private Transports() {}

  /**
   * The transport {@code config} describes, with HTTP deliveries retried per {@code retry}.
   *
   * @throws RuntimeException whatever the client's factory throws for a configuration it cannot
   *     build
   */
  public static Transport build(TransportConfig config, RetrySettings retry) {
    if (config instanceof HttpConfig http) {
      Transport transport =
          SingleAttemptHttpClients.create(http)
              .<Transport>map(client -> new HttpTransport(client, http))
              .orElseGet(() -> new TransportFactory(config).build());
      return retry.maxAttempts() > 1 ? new RetryingTransport(transport, retry) : transport;
    }
    return new TransportFactory(config).build();
  }
}
