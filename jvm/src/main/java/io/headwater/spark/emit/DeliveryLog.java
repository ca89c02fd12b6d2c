package io.headwater.spark.emit;

import io.headwater.spark.logging.RateLimitedLog;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The delivery's log lines, one {@link RateLimitedLog} per kind of trouble so each count is exact:
 * at most one line a minute per kind, a cause's stack trace only the first time, credentials
 * redacted, a last line with what was counted since at {@link #close}, and nothing after it.
 */
final class DeliveryLog {
  private static final Logger LOG = LoggerFactory.getLogger(DeliveryLog.class);
  private static final Duration INTERVAL = Duration.ofMinutes(1);

  private final RateLimitedLog undeliverable;
  private final RateLimitedLog spooled;
  private final RateLimitedLog probes;
  private final RateLimitedLog rejected;
  private final RateLimitedLog droppedWithoutSpool;
  private final RateLimitedLog spoolFull;
  private final RateLimitedLog spoolUnwritable;
  private final RateLimitedLog spoolUnreadable;
  private final RateLimitedLog spoolRefused;
  private final RateLimitedLog spoolSkipped;
  private final RateLimitedLog reduced;
  private final List<RateLimitedLog> all;

  /**
   * @param scrub applied to every line (credential redaction)
   */
  DeliveryLog(UnaryOperator<String> scrub) {
    undeliverable = new RateLimitedLog(LOG, INTERVAL, scrub);
    spooled = new RateLimitedLog(LOG, INTERVAL, scrub);
    probes = new RateLimitedLog(LOG, INTERVAL, scrub);
    rejected = new RateLimitedLog(LOG, INTERVAL, scrub);
    droppedWithoutSpool = new RateLimitedLog(LOG, INTERVAL, scrub);
    spoolFull = new RateLimitedLog(LOG, INTERVAL, scrub);
    spoolUnwritable = new RateLimitedLog(LOG, INTERVAL, scrub);
    spoolUnreadable = new RateLimitedLog(LOG, INTERVAL, scrub);
    spoolRefused = new RateLimitedLog(LOG, INTERVAL, scrub);
    spoolSkipped = new RateLimitedLog(LOG, INTERVAL, scrub);
    reduced = new RateLimitedLog(LOG, INTERVAL, scrub);
    all =
        List.of(
            undeliverable,
            spooled,
            probes,
            rejected,
            droppedWithoutSpool,
            spoolFull,
            spoolUnwritable,
            spoolUnreadable,
            spoolRefused,
            spoolSkipped,
            reduced);
  }

  void undeliverable(
      Destination destination, RetryPolicy.Kind kind, Optional<Path> spool, Throwable failure) {
    String why =
        kind == RetryPolicy.Kind.REFUSED
            ? " refuses lineage events ("
                + describe(RetryPolicy.status(failure))
                + ": check spark.openlineage.transport.url, endpoint and auth); it is not retried"
            : " cannot be reached; the retries are used up";
    undeliverable.warn(
        "Headwater: "
            + destination.display()
            + why
            + (spool.isPresent()
                ? " and further events go to the spool " + spool.get() + " until it answers"
                : ""),
        failure);
  }

  void spooled(Destination destination, Path spool) {
    spooled.warn(
        "Headwater: lineage events for "
            + destination.display()
            + " were written to the spool "
            + spool
            + " (re-sent when it answers, at the next application start, or with `headwater"
            + " replay`)",
        null);
  }

  void reduced(Destination destination, long size, long budget, boolean refused) {
    reduced.warn(
        "Headwater: a lineage event of "
            + size
            + " bytes for "
            + destination.display()
            + (refused ? " was refused as too large; it is" : " is")
            + " cut to fit "
            + budget
            + " bytes (spark.openlineage.emit.maxEventBytes), and its "
            + EventReduction.FACET
            + " facet says what was cut",
        null);
  }

  void probeFailed(Destination destination, Throwable failure) {
    probes.warn("Headwater: " + destination.display() + " still does not take events", failure);
  }

  void rejected(Destination destination, OptionalInt status, Throwable failure) {
    rejected.warn(
        "Headwater: "
            + destination.display()
            + " rejected a lineage event ("
            + describe(status)
            + "); it is dropped",
        failure);
  }

  void droppedWithoutSpool(Destination destination, Throwable failure) {
    droppedWithoutSpool.warn(
        "Headwater: a lineage event for "
            + destination.display()
            + " could not be delivered and is dropped (spark.openlineage.spool.enabled=false)",
        failure);
  }

  void spoolFull(Path spool, Throwable failure) {
    spoolFull.warn(
        "Headwater: the spool "
            + spool
            + " is full (spark.openlineage.spool.maxBytes); a lineage event is dropped",
        failure);
  }

  void spoolUnwritable(Path spool, Throwable failure) {
    spoolUnwritable.warn(
        "Headwater: the spool " + spool + " cannot be written; a lineage event is dropped",
        failure);
  }

  void spoolSkipped(Path spool, Throwable failure) {
    spoolSkipped.warn(
        "Headwater: the spool "
            + spool
            + " cannot be written; a lineage event is sent at once instead, ahead of the events"
            + " still spooled",
        failure);
  }

  void spoolRefused(Path spool, Throwable failure) {
    spoolRefused.warn(
        "Headwater: the spool "
            + spool
            + " is not used: "
            + failure.getMessage()
            + ". Spool files must belong to this user and be open to no one else (directories"
            + " 0700, files 0600, no symbolic links); lineage events are delivered without a"
            + " spool, and those that cannot be delivered are dropped (counted)",
        null);
  }

  void spoolUnreadable(Path spool, Throwable failure) {
    spoolUnreadable.warn("Headwater: the spool " + spool + " cannot be read", failure);
  }

  void unreadableRecord(Path spool, Throwable failure) {
    spoolUnreadable.warn(
        "Headwater: a record of the spool " + spool + " is not an OpenLineage event; it is dropped",
        failure);
  }

  /** Reports what was counted since each kind's last line, then stays silent. */
  void close() {
    all.forEach(RateLimitedLog::close);
  }

  private static String describe(OptionalInt status) {
    return status.isPresent() ? "HTTP " + status.getAsInt() : "no HTTP answer";
  }
}
