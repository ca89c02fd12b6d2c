package io.headwater.bench;

import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.TreeMap;

/**
 * The bytes each live thread of this JVM has allocated so far ({@code
 * com.sun.management.ThreadMXBean#getThreadAllocatedBytes}), for the memory benchmark ({@code
 * bench/memory.py}), which calls it through Py4J before and after a query and attributes the
 * difference by thread name. A thread that ended between two calls is missing from the second.
 */
public final class ThreadAllocation {
  private ThreadAllocation() {}

  /**
   * Allocated bytes by thread name (threads of one name summed); threads whose count is not
   * available are left out.
   *
   * @throws UnsupportedOperationException when the JVM does not measure thread allocation
   */
  public static Map<String, Long> byThreadName() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    if (!threads.isThreadAllocatedMemorySupported()) {
      throw new UnsupportedOperationException("this JVM does not measure thread allocation");
    }
    threads.setThreadAllocatedMemoryEnabled(true);
    Map<String, Long> allocated = new TreeMap<>();
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      long bytes = threads.getThreadAllocatedBytes(thread.getId());
      if (bytes >= 0) {
        allocated.merge(thread.getName(), bytes, Long::sum);
      }
    }
    return allocated;
  }
}
