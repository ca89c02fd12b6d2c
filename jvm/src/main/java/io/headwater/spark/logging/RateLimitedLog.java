package io.headwater.spark.logging;

import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;

/**
 * A warning that may repeat without flooding the driver log: the first occurrence is logged at
 * once, later ones at most once per interval, each with the count of occurrences since the last
 * line (as Spark's {@code AsyncEventQueue} reports dropped events).
 */
public final class RateLimitedLog {
  private final Logger log;
  private final long intervalNanos;
  private final AtomicLong occurrences = new AtomicLong();
  private final AtomicLong lastLoggedAt = new AtomicLong(Long.MIN_VALUE);
  private final AtomicLong countAtLastLog = new AtomicLong();

  public RateLimitedLog(Logger log, java.time.Duration interval) {
    this.log = log;
    this.intervalNanos = interval.toNanos();
  }

  /**
   * Counts one occurrence and logs {@code message} (with the count so far) if the interval allows.
   */
  public void warn(String message, Throwable cause) {
    long count = occurrences.incrementAndGet();
    long now = System.nanoTime();
    long last = lastLoggedAt.get();
    if ((last == Long.MIN_VALUE || now - last >= intervalNanos)
        && lastLoggedAt.compareAndSet(last, now)) {
      long since = count - countAtLastLog.getAndSet(count);
      String text =
          message + " (" + since + " time(s) since the last report, " + count + " in all)";
      if (cause == null) {
        log.warn(text);
      } else {
        log.warn(text + ": " + cause);
      }
    }
  }

  /** How many occurrences were counted. */
  public long count() {
    return occurrences.get();
  }
}
