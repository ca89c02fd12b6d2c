package io.headwater.spark.logging;

import io.headwater.spark.annotation.Internal;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;

/**
 * A warning that may repeat without flooding the driver log, with exact counts: the first
 * occurrence is logged at once, later ones at most once per interval, each line giving the
 * occurrences since the previous line and in all (as Spark's {@code AsyncEventQueue} reports
 * dropped events). {@link #flush} reports what was counted since the last line, so nothing counted
 * goes unreported; after {@link #close} nothing more is logged (a delivery thread still running
 * after application end stays silent).
 *
 * <p>A cause's stack trace is logged with the first line that shows that cause (its class and
 * message) and never again; later lines give the cause in one line. Every line goes through the
 * scrubber first (credentials redacted). Thread-safe.
 */
@Internal
public final class RateLimitedLog {
  /** Causes whose stack trace was logged, remembered at most (then the oldest is forgotten). */
  private static final int CAUSES_REMEMBERED = 64;

  private final Logger log;
  private final long intervalNanos;
  private final UnaryOperator<String> scrub;
  private final LongSupplier clock;
  private final Set<String> tracedCauses =
      Collections.newSetFromMap(
          new LinkedHashMap<>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
              return size() > CAUSES_REMEMBERED;
            }
          });
  private long occurrences;
  private long reported;
  private long lastLoggedAt;
  private boolean loggedOnce;
  private boolean closed;
  private String lastMessage;
  private String lastCause;

  /**
   * @param interval the least time between two lines
   * @param scrub applied to every line before it is logged (e.g. credential redaction)
   */
  public RateLimitedLog(Logger log, Duration interval, UnaryOperator<String> scrub) {
    this(log, interval, scrub, System::nanoTime);
  }

  /** A log whose lines are not scrubbed. */
  public RateLimitedLog(Logger log, Duration interval) {
    this(log, interval, UnaryOperator.identity());
  }

  /** With a clock in nanoseconds, for tests. */
  RateLimitedLog(Logger log, Duration interval, UnaryOperator<String> scrub, LongSupplier clock) {
    this.log = Objects.requireNonNull(log, "log");
    this.intervalNanos = interval.toNanos();
    this.scrub = Objects.requireNonNull(scrub, "scrub");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Counts one occurrence of {@code message} and logs it (with the counts) if the interval allows.
   *
   * @param cause the failure behind it, or null
   */
  public synchronized void warn(String message, Throwable cause) {
    occurrences++;
    if (closed) {
      reported = occurrences; // counted, never logged
      return;
    }
    lastMessage = message;
    lastCause = cause == null ? null : StackTraces.summary(cause);
    long now = clock.getAsLong();
    if (loggedOnce && now - lastLoggedAt < intervalNanos) {
      return;
    }
    loggedOnce = true;
    lastLoggedAt = now;
    String line = line(message, lastCause);
    if (cause != null && tracedCauses.add(causeKey(cause))) {
      line = line + System.lineSeparator() + StackTraces.render(cause);
    }
    log.warn(scrub.apply(line));
  }

  /** Logs one line with what was counted since the last line, if anything. */
  public synchronized void flush() {
    if (closed || occurrences == reported) {
      return;
    }
    lastLoggedAt = clock.getAsLong();
    log.warn(scrub.apply(line(lastMessage, lastCause)));
  }

  /** {@link #flush}, then stays silent for good (occurrences are still counted). */
  public synchronized void close() {
    flush();
    closed = true;
  }

  /** How many occurrences were counted. */
  public synchronized long count() {
    return occurrences;
  }

  private String line(String message, String cause) {
    long since = occurrences - reported;
    reported = occurrences;
    return message
        + " ("
        + since
        + " time(s) since the last report, "
        + occurrences
        + " in all)"
        + (cause == null ? "" : ": " + cause);
  }

  private static String causeKey(Throwable cause) {
    Throwable root = StackTraces.root(cause);
    return root.getClass().getName() + ": " + root.getMessage();
  }
}
