package io.headwater.spark.agent;

import io.headwater.spark.config.ConfigKeys;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.spark.SparkConf;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Tuple2;

/**
 * The listener's hold on its agent, which is built on a thread of its own ({@link DeferredStart},
 * {@link AgentFactory}): events routed to it before it is ready wait, in order; waits for it are
 * bounded by {@code spark.openlineage.emit.closeTimeoutMillis} as the Spark settings give it; and
 * nothing here throws into Spark's listener bus. Once the agent is off or detached, events are
 * neither read nor routed. A configuration that cannot be used turns the agent off with one log
 * line naming the setting (written by the agent's thread); the events waiting are discarded.
 */
final class AgentHandle {
  private static final Logger LOG = LoggerFactory.getLogger(AgentHandle.class);

  /** Listener events kept at most while the agent is being built. */
  static final int PENDING_CAPACITY = 100_000;

  private final DeferredStart<LineageAgent> start;
  private final Duration closeTimeout;
  private volatile boolean detached;

  /**
   * Starts building the agent configured by {@code settings} (Spark configuration entries) on a
   * thread whose context class loader is the caller's.
   */
  AgentHandle(Map<String, String> settings) {
    this.closeTimeout =
        Duration.ofMillis(ConfigKeys.EMIT_CLOSE_TIMEOUT_MILLIS.inSparkSettings(settings));
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    this.start =
        DeferredStart.start(
            "headwater-start",
            loader == null ? AgentHandle.class.getClassLoader() : loader,
            PENDING_CAPACITY,
            () -> AgentFactory.create(settings),
            LineageAgent::discard);
  }

  /** The entries of {@code sparkConf}, as the agent is configured from them (a mutable copy). */
  static Map<String, String> settings(SparkConf sparkConf) {
    Map<String, String> settings = new HashMap<>();
    for (Tuple2<String, String> entry : sparkConf.getAll()) {
      settings.put(entry._1(), entry._2());
    }
    return settings;
  }

  /**
   * The running agent, or null when it is off; waits for its start (at most the close time-out).
   */
  LineageAgent agent() {
    start.await(closeTimeout);
    return start.value().orElse(null);
  }

  /** Why the agent is off (its log line's text), or null when it runs; waits as {@link #agent}. */
  String offReason() {
    start.await(closeTimeout);
    return start.offReason();
  }

  /** From now on, no event is read or routed (Python's {@code headwater.detach}). */
  void detach() {
    detached = true;
  }

  boolean detached() {
    return detached;
  }

  /**
   * The agent once its start has ended, waiting at most the close time-out; null when it is off or
   * was not ready in time — then it is given up with one log line saying the application {@code
   * what} before the agent was ready.
   */
  LineageAgent readyOrAbandoned(String what) {
    if (!start.await(closeTimeout)
        && start.abandon("the application " + what + " before the agent was ready")) {
      LOG.warn(
          "Headwater: the application {} before the lineage agent was ready ({} ms, {}); its"
              + " events are missing",
          what,
          closeTimeout.toMillis(),
          ConfigKeys.EMIT_CLOSE_TIMEOUT_MILLIS.sparkKey());
    }
    return start.value().orElse(null);
  }

  /** Calls the agent at once, or when it is ready. */
  void run(Consumer<LineageAgent> call) {
    start.run(call);
  }

  /**
   * Reads, now, what an event needs read on the listener bus, and hands the rest to the agent (at
   * once, or when it is ready); never throws into Spark's listener bus.
   */
  void route(Supplier<Consumer<LineageAgent>> capture) {
    if (active()) {
      try {
        Consumer<LineageAgent> call = capture.get();
        start.run(agent -> guarded(() -> call.accept(agent)));
      } catch (Throwable t) {
        handlingFailed(t);
      }
    }
  }

  /**
   * Reads, now, what an event needs read on the listener bus and that the agent itself never needs;
   * never throws into Spark's listener bus.
   */
  void observe(Runnable read) {
    if (active()) {
      guarded(read);
    }
  }

  private boolean active() {
    return !detached && start.offReason() == null;
  }

  private static void guarded(Runnable call) {
    try {
      call.run();
    } catch (Throwable t) {
      handlingFailed(t);
    }
  }

  private static void handlingFailed(Throwable t) {
    if (t instanceof VirtualMachineError error) {
      throw error;
    }
    LOG.warn("Headwater: a listener event could not be handled: {}", t.toString());
  }
}
