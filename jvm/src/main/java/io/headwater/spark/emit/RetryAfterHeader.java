package io.headwater.spark.emit;

import java.util.Optional;

/**
 * The {@code Retry-After} header of the answer to the last attempt, as the HTTP client's response
 * interceptor saw it ({@link SingleAttemptHttpClients}); never set for other transports. Written
 * and read on the emission thread; volatile so a test may look.
 */
final class RetryAfterHeader {
  private volatile String value;

  /** Forgets the last answer's header (before each attempt). */
  void clear() {
    value = null;
  }

  /** Records an answer's header, null when it had none. */
  void set(String header) {
    value = header;
  }

  /** The header of the last answer, if it had one. */
  Optional<String> get() {
    return Optional.ofNullable(value);
  }
}
