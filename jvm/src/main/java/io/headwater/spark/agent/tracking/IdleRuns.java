package io.headwater.spark.agent.tracking;

import io.headwater.spark.agent.runs.OperationRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * When the {@link ExecutionTracker} forgets a batch run whose end never came: after {@code
 * idleTimeout} without any event of its own, or, beyond {@code maxOpenRuns} open, the least
 * recently active first. Keeps each open run's last activity (epoch millis); pure, on the analysis
 * thread only.
 */
final class IdleRuns {
  private final Duration idleTimeout;
  private final int maxOpenRuns;
  private final Map<UUID, Long> lastActivity = new HashMap<>();

  /**
   * @param idleTimeout how long a batch run may go without any event before it is forgotten
   * @param maxOpenRuns batch runs kept open at most; more evict the least recently active
   * @throws IllegalArgumentException when {@code maxOpenRuns} is below 1
   */
  IdleRuns(Duration idleTimeout, int maxOpenRuns) {
    this.idleTimeout = Objects.requireNonNull(idleTimeout, "idleTimeout");
    if (maxOpenRuns < 1) {
      throw new IllegalArgumentException("maxOpenRuns must be at least 1, was " + maxOpenRuns);
    }
    this.maxOpenRuns = maxOpenRuns;
  }

  /** An event of {@code run} at {@code time}. */
  void touch(OperationRun run, long time) {
    lastActivity.merge(run.runId, time, Math::max);
  }

  /** {@code run} is no longer open. */
  void forget(OperationRun run) {
    lastActivity.remove(run.runId);
  }

  /**
   * The runs of {@code open} (batch runs, in the tracker's order) to forget at {@code now}, each
   * with why, in the order to forget them: the idle ones, then the least recently active of the
   * rest beyond {@code maxOpenRuns}.
   */
  Map<OperationRun, String> expired(List<OperationRun> open, long now) {
    Map<OperationRun, String> expired = new LinkedHashMap<>();
    long oldest = now - idleTimeout.toMillis();
    List<OperationRun> rest = new ArrayList<>();
    for (OperationRun run : open) {
      if (lastActive(run) < oldest) {
        expired.put(run, "no event for " + idleTimeout.toMinutes() + " min");
      } else {
        rest.add(run);
      }
    }
    if (rest.size() > maxOpenRuns) {
      rest.sort(Comparator.comparingLong(this::lastActive));
      for (OperationRun run : rest.subList(0, rest.size() - maxOpenRuns)) {
        expired.put(run, "more than " + maxOpenRuns + " runs open");
      }
    }
    return expired;
  }

  private long lastActive(OperationRun run) {
    return lastActivity.getOrDefault(run.runId, run.startTime);
  }
}
