package io.headwater.spark.emit;

import io.headwater.spark.config.HeadwaterConfig.RetrySettings;
import io.openlineage.client.transports.HttpTransport;
import io.openlineage.client.transports.Transport;
import io.openlineage.client.transports.TransportConfig;
import io.openlineage.client.transports.TransportFactory;

/**
 * Builds the configured transport with the OpenLineage Java client's {@link TransportFactory} and adds
 * Headwater's delivery guarantees: an HTTP transport is wrapped in a {@link RetryingTransport}. (The children of
 * a {@code composite} transport are built inside the client and are delivered once each, without retries.)
 */
public final class Transports {
  private Transports() {}

  /**
   * @throws RuntimeException whatever the client's factory throws for a configuration it cannot build
   */
  public static Transport build(TransportConfig config, RetrySettings retry) {
    Transport transport = new TransportFactory(config).build();
    if (transport instanceof HttpTransport && retry.maxAttempts() > 1) {
      return new RetryingTransport(transport, retry);
    }
    return transport;
  }
}
