package io.headwater.spark.agent;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The wall and CPU time of each step of the agent's start, on the thread that builds it ({@code
 * headwater-start}), for the one DEBUG line {@link AgentFactory} writes once the agent is built:
 * {@code Headwater: agent built in 412 ms, 380 ms CPU (configuration 40/38, extensions 120/115,
 * ...)}, each step as wall/CPU milliseconds in the order taken. {@code bench/listener_startup.py}
 * reads that line. Not thread-safe: one instance per start, used by the building thread only.
 */
final class StartSteps {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final long wallStart = System.nanoTime();
  private final long cpuStart = cpu();
  private final List<String> steps = new ArrayList<>();

  /** Takes step {@code name}: its result, its wall and CPU time recorded. */
  <T> T time(String name, Supplier<T> step) {
    long wall = System.nanoTime();
    long cpu = cpu();
    T result = step.get();
    steps.add(
        String.format(
            Locale.ROOT, "%s %d/%d", name, millis(System.nanoTime() - wall), millis(cpu() - cpu)));
    return result;
  }

  /** The line's text: the whole start's wall and CPU milliseconds, then each step's. */
  String summary() {
    return String.format(
        Locale.ROOT,
        "agent built in %d ms, %d ms CPU (step wall/CPU ms: %s)",
        millis(System.nanoTime() - wallStart),
        millis(cpu() - cpuStart),
        String.join(", ", steps));
  }

  private static long millis(long nanos) {
    return Math.round(nanos / 1e6);
  }

  /** This thread's CPU time in nanoseconds, or 0 where the JVM cannot measure it. */
  private static long cpu() {
    return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
  }
}
