package io.headwater.spark.logging;

import io.headwater.spark.annotation.Internal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.helpers.MessageFormatter;

/**
 * A warning logged once per distinct cause (a bad value, a failing extension class), so a repeated
 * problem is reported without flooding the driver log. Memory is bounded: at most {@code capacity}
 * causes are remembered (the least recently seen is forgotten first, and could be logged again);
 * thread-safe.
 */
@Internal
public final class OnceLog {
  /** Causes remembered by default: far more than distinct problems a driver meets in practice. */
  public static final int DEFAULT_CAPACITY = 1024;

  private final Logger log;
  private final Set<String> seen;
  private final UnaryOperator<String> scrub;

  /**
   * @param capacity distinct causes remembered, at least 1
   */
  public OnceLog(Logger log, int capacity) {
    this(log, capacity, UnaryOperator.identity());
  }

  /**
   * @param capacity distinct causes remembered, at least 1
   * @param scrub applied to every line before it is logged (e.g. credential redaction)
   */
  public OnceLog(Logger log, int capacity, UnaryOperator<String> scrub) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
    }
    this.log = log;
    this.scrub = scrub;
    this.seen =
        Collections.newSetFromMap(
            Collections.synchronizedMap(
                new LinkedHashMap<>(16, 0.75f, true) {
                  private static final long serialVersionUID = 1L;

                  @Override
                  protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > capacity;
                  }
                }));
  }

  /** A log remembering {@link #DEFAULT_CAPACITY} causes. */
  public OnceLog(Logger log) {
    this(log, DEFAULT_CAPACITY);
  }

  /**
   * Logs {@code format} with {@code arguments} at WARN (SLF4J {@code {}} placeholders) unless
   * {@code cause} was logged before.
   *
   * @return true when it was logged now
   */
  public boolean warn(String cause, String format, Object... arguments) {
    if (!seen.add(cause)) {
      return false;
    }
    log.warn(scrub.apply(MessageFormatter.arrayFormat(format, arguments).getMessage()));
    return true;
  }
}
