package io.headwater.spark.emit;

import io.headwater.spark.config.HeadwaterConfig.RetrySettings;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.transports.HttpTransportResponseException;
import io.openlineage.client.transports.Transport;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;

/**
 * Retries a delivery that failed for a reason that may pass: a connection error or time-out (an
 * {@link IOException} anywhere in the cause chain), HTTP 429, or HTTP 5xx. Other failures (4xx: the
 * event or the credentials are wrong) are thrown at once. Waits between attempts follow {@link
 * RetrySettings#backoffAfter}.
 *
 * <p>{@link Transports} builds the OpenLineage Java client's HTTP transport to make exactly one
 * attempt per call and wraps it in this. Runs only on the agent's emission thread, so its waits
 * never touch Spark's threads.
 */
public final class RetryingTransport extends Transport {
  /** Sleeps between attempts; a seam so unit tests can record waits instead of sleeping. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  private final Transport delegate;
  private final RetrySettings retry;
  private final Sleeper sleeper;

  public RetryingTransport(Transport delegate, RetrySettings retry) {
    this(delegate, retry, duration -> Thread.sleep(duration.toMillis()));
  }

  public RetryingTransport(Transport delegate, RetrySettings retry, Sleeper sleeper) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.retry = Objects.requireNonNull(retry, "retry");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
  }

  @Override
  public void emit(OpenLineage.RunEvent event) {
    withRetries(() -> delegate.emit(event));
  }

  @Override
  public void emit(OpenLineage.DatasetEvent event) {
    withRetries(() -> delegate.emit(event));
  }

  @Override
  public void emit(OpenLineage.JobEvent event) {
    withRetries(() -> delegate.emit(event));
  }

  @Override
  public void close() throws Exception {
    delegate.close();
  }

  private void withRetries(Runnable attempt) {
    for (int n = 1; ; n++) {
      try {
        attempt.run();
        return;
      } catch (RuntimeException e) {
        if (n >= retry.maxAttempts() || !isTransient(e)) {
          throw e;
        }
        try {
          sleeper.sleep(retry.backoffAfter(n));
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  /** True for failures worth another attempt: connection problems, 429 and 5xx. */
  static boolean isTransient(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof HttpTransportResponseException response) {
        int status = response.getStatusCode();
        return status == 429 || status >= 500;
      }
      if (t instanceof IOException) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "RetryingTransport{" + delegate + ", maxAttempts=" + retry.maxAttempts() + "}";
  }
}
