package io.headwater.spark.logging;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.Test;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;

/** {@link RateLimitedLog}'s counts are exact and its lines few. */
public class RateLimitedLogTest {
  /** A logger that keeps its lines. */
  private static final class Lines extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;
    final List<String> lines = new ArrayList<>();

    @Override
    protected String getFullyQualifiedCallerName() {
      return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(
        Level level, Marker marker, String message, Object[] arguments, Throwable throwable) {
      lines.add(message);
    }

    @Override
    public boolean isTraceEnabled() {
      return true;
    }

    @Override
    public boolean isDebugEnabled() {
      return true;
    }

    @Override
    public boolean isInfoEnabled() {
      return true;
    }

    @Override
    public boolean isWarnEnabled() {
      return true;
    }

    @Override
    public boolean isErrorEnabled() {
      return true;
    }
  }

  private final Lines logger = new Lines();
  private final AtomicLong now = new AtomicLong();
  private final RateLimitedLog log =
      new RateLimitedLog(
          logger, Duration.ofMinutes(1), text -> text.replace("hunter2", "***"), now::get);

  @Test
  public void everyOccurrenceIsCountedInSomeLineAndNoLineComesAfterClose() {
    for (int i = 0; i < 22; i++) {
      log.warn("send failed", new IllegalStateException("HTTP 500"));
      now.addAndGet(Duration.ofSeconds(10).toNanos());
    }
    log.close();
    log.warn("send failed", new IllegalStateException("HTTP 500"));

    assertEquals("the first, one a minute after each, one at close", 5, logger.lines.size());
    long total = 0;
    Pattern since = Pattern.compile("\\((\\d+) time\\(s\\) since");
    for (String line : logger.lines) {
      Matcher m = since.matcher(line);
      assertTrue(line, m.find());
      total += Long.parseLong(m.group(1));
    }
    assertEquals(22, total);
    assertTrue(logger.lines.get(4), logger.lines.get(4).contains("22 in all"));
    assertEquals("counted after close, never logged", 23, log.count());
  }

  @Test
  public void aCausesStackTraceIsLoggedOnceAndLinesAreScrubbed() {
    log.warn("send failed", new IllegalStateException("password hunter2 refused"));
    now.addAndGet(Duration.ofMinutes(2).toNanos());
    log.warn("send failed", new IllegalStateException("password hunter2 refused"));

    assertEquals(2, logger.lines.size());
    assertTrue(logger.lines.get(0), logger.lines.get(0).contains("\tat "));
    assertFalse(logger.lines.get(1), logger.lines.get(1).contains("\tat "));
    for (String line : logger.lines) {
      assertFalse(line, line.contains("hunter2"));
    }
  }

  @Test
  public void flushWithNothingNewLogsNothing() {
    log.warn("x", null);
    log.flush();
    log.flush();

    assertEquals(1, logger.lines.size());
  }
}
