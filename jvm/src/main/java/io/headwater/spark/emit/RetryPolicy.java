package io.headwater.spark.emit;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.HeadwaterConfig.RetrySettings;
import io.openlineage.client.transports.HttpTransportResponseException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What a failed delivery attempt means, and how long to wait before the next one. Pure: {@link
 * DurableTransport} runs the attempts.
 *
 * <table>
 *   <caption>Failures by kind</caption>
 *   <tr><th>kind</th><th>failures</th><th>what happens</th></tr>
 *   <tr><td>{@link Kind#TRANSIENT}</td><td>connection errors, time-outs, malformed answers, HTTP
 *       408, 429 and 5xx, and any failure of a transport other than HTTP</td><td>retried up to
 *       {@code maxAttempts}, then spooled; the endpoint is then known to be down</td></tr>
 *   <tr><td>{@link Kind#REFUSED}</td><td>other HTTP 4xx: 401, 403, 404, 405, ... (the endpoint or
 *       the credentials are wrong)</td><td>not retried; spooled (a fixed setting or {@code headwater
 *       replay --url} can deliver it); the endpoint is known to be down</td></tr>
 *   <tr><td>{@link Kind#REJECTED}</td><td>HTTP 400, 409, 413, 415, 422 (the backend refuses this
 *       event; a 413 only once the event cannot be cut further)</td><td>not retried, dropped
 *       (counted and logged)</td></tr>
 * </table>
 *
 * <p>Between attempts the wait is exponential ({@link RetrySettings#backoffAfter}); after a 429 or
 * 503 whose {@code Retry-After} header asks for a wait, that wait instead, at most {@code
 * maxRetryAfter}.
 */
@Internal
public final class RetryPolicy {
  /** What a failure says about the event and the endpoint. */
  public enum Kind {
    /** It may pass: retry, then spool. */
    TRANSIENT,
    /** The endpoint or the credentials refuse every event: spool without retrying. */
    REFUSED,
    /** The backend refuses this event: drop it. */
    REJECTED
  }

  private static final Set<Integer> REJECTED_STATUSES = Set.of(400, 409, 413, 415, 422);

  private final RetrySettings settings;

  public RetryPolicy(RetrySettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  /** Attempts per event, the first included. */
  public int maxAttempts() {
    return settings.maxAttempts();
  }

  /** How long an endpoint known to be down is left alone before the next probe. */
  public Duration probeInterval() {
    return settings.maxBackoff();
  }

  /** The kind of {@code failure} (see the class comment). */
  public static Kind classify(Throwable failure) {
    OptionalInt status = status(failure);
    if (status.isEmpty()) {
      return Kind.TRANSIENT;
    }
    int code = status.getAsInt();
    if (code == 408 || code == 429 || code >= 500 || code < 400) {
      return Kind.TRANSIENT;
    }
    return REJECTED_STATUSES.contains(code) ? Kind.REJECTED : Kind.REFUSED;
  }

  /**
   * The HTTP status of a failed attempt, if the endpoint answered with one; 413 for a record a
   * Kafka broker or producer refused for its size ({@link EventTooLargeException}).
   */
  public static OptionalInt status(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof HttpTransportResponseException response) {
        return OptionalInt.of(response.getStatusCode());
      }
      if (t instanceof EventTooLargeException) {
        return OptionalInt.of(EventTooLargeException.STATUS);
      }
    }
    return OptionalInt.empty();
  }

  /**
   * The wait after failed attempt {@code attempt} (1-based).
   *
   * @param retryAfter the answer's {@code Retry-After} header, if it had one
   */
  public Duration waitAfter(int attempt, Throwable failure, Optional<String> retryAfter) {
    OptionalInt status = status(failure);
    if (status.isPresent() && (status.getAsInt() == 429 || status.getAsInt() == 503)) {
      Optional<Duration> asked = retryAfter.flatMap(value -> parseRetryAfter(value, Instant.now()));
      if (asked.isPresent()) {
        Duration wait = asked.get();
        return wait.compareTo(settings.maxRetryAfter()) > 0 ? settings.maxRetryAfter() : wait;
      }
    }
    return settings.backoffAfter(attempt);
  }

  /**
   * A {@code Retry-After} value as a wait from {@code now}: delay-seconds ({@code 120}) or an
   * HTTP-date ({@code Wed, 21 Oct 2015 07:28:00 GMT}); empty when it is neither. A date in the past
   * is no wait.
   */
  static Optional<Duration> parseRetryAfter(String value, Instant now) {
    String text = value.trim();
    if (text.matches("\\d{1,10}")) {
      return Optional.of(Duration.ofSeconds(Long.parseLong(text)));
    }
    try {
      Instant at = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
      Duration wait = Duration.between(now, at);
      return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
