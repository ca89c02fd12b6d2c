package io.headwater.spark.emit;

import io.openlineage.client.transports.HttpConfig;
import java.net.ProxySelector;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.impl.routing.SystemDefaultRoutePlanner;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.util.Timeout;

/**
 * The HTTP client under the OpenLineage {@code HttpTransport}, built so that each delivery is
 * exactly one attempt.
 *
 * <p>The client's own transport builds httpclient5 with its default retry strategy, which repeats a
 * 429 or 503 once after the server's {@code Retry-After} (however long) before {@link
 * DurableTransport} sees the failure; that makes {@code emit.retry.maxAttempts} inexact and lets a
 * backend hold the emission thread. This client has the same timeouts ({@code timeoutInMillis} for
 * connect, socket, response and pool wait; 5000 ms by default) and honours the JVM's proxy
 * settings, with automatic retries off. Connections are pooled and kept alive between events. Each
 * answer's {@code Retry-After} header (or null when it has none) goes to a callback, so {@link
 * RetryPolicy} can honour it. Closing the client with {@code CloseMode.IMMEDIATE} aborts a request
 * in flight (the bounded stop).
 *
 * <p>Configurations this does not reproduce — {@code sslContext.*}, {@code proxy.*} and {@code
 * unix://} URLs — keep the client's own HTTP client ({@link #create} returns empty), and with it
 * httpclient5's single automatic retry.
 */
final class SingleAttemptHttpClients {
  private static final int DEFAULT_TIMEOUT_MILLIS = 5_000;

  private SingleAttemptHttpClients() {}

  /**
   * The client for {@code config}, or empty when the client's own must be used.
   *
   * @param retryAfter receives the {@code Retry-After} header of every answer (null when absent)
   */
  static Optional<CloseableHttpClient> create(HttpConfig config, Consumer<String> retryAfter) {
    boolean unixSocket =
        config.getUrl() != null && "unix".equalsIgnoreCase(config.getUrl().getScheme());
    if (config.getSslContextConfig() != null || config.getProxyConfig() != null || unixSocket) {
      return Optional.empty();
    }
    Timeout timeout =
        Timeout.ofMilliseconds(
            config.getTimeoutInMillis() == null
                ? DEFAULT_TIMEOUT_MILLIS
                : config.getTimeoutInMillis());
    return Optional.of(
        HttpClients.custom()
            .disableAutomaticRetries()
            .addResponseInterceptorFirst(
                (response, entity, context) -> {
                  Header header = response.getFirstHeader(HttpHeaders.RETRY_AFTER);
                  retryAfter.accept(header == null ? null : header.getValue());
                })
            .setDefaultRequestConfig(
                RequestConfig.custom()
                    .setConnectionRequestTimeout(timeout)
                    .setResponseTimeout(timeout)
                    .build())
            .setConnectionManager(
                PoolingHttpClientConnectionManagerBuilder.create()
                    .setDefaultSocketConfig(SocketConfig.custom().setSoTimeout(timeout).build())
                    .setDefaultConnectionConfig(
                        ConnectionConfig.custom()
                            .setSocketTimeout(timeout)
                            .setConnectTimeout(timeout)
                            .build())
                    .build())
            .setRoutePlanner(new SystemDefaultRoutePlanner(ProxySelector.getDefault()))
            .build());
  }
}
