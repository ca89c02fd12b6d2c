package io.headwater.spark.emit;

/**
 * A destination refused an event for its size where its protocol has no HTTP status to say so: a
 * Kafka broker's or producer's {@code RecordTooLargeException} ({@link KafkaEventTransport}). The
 * delivery treats it as an HTTP 413 ({@link RetryPolicy#status}): the destination's budget is
 * lowered below the refused size and the event is cut and sent again.
 */
final class EventTooLargeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The HTTP status the refusal is taken for. */
  static final int STATUS = 413;

  EventTooLargeException(String message, Throwable cause) {
    super(message, cause);
  }
}
