package io.headwater.spark.agent.termination;

import io.headwater.spark.annotation.Internal;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The Python process that launched this JVM, when it is a PySpark driver's JVM (PySpark's {@code
 * launch_gateway} starts it with {@code _PYSPARK_DRIVER_CONN_INFO_PATH} in its environment, as the
 * Python process's child). When that process dies — a notebook kernel killed with SIGKILL, a Python
 * driver killed by the OOM killer — the JVM is handed to another parent and exits on the broken
 * pipe; {@link #gone} tells it then. Not for {@code spark-submit app.py}, where the JVM is the
 * Python process's parent.
 */
@Internal
public final class PythonDriver {
  private static final String LAUNCHED_BY_PYTHON = "_PYSPARK_DRIVER_CONN_INFO_PATH";
  // the launching process, as seen when the first agent started (null: not looked at yet)
  private static final AtomicReference<Optional<Long>> PARENT = new AtomicReference<>();

  private PythonDriver() {}

  /**
   * Notes the Python process that launched this JVM, if one did; called when an agent starts, while
   * that process is still there. Later calls keep the first answer.
   */
  static void remember() {
    PARENT.compareAndSet(null, launcher());
  }

  /** True when this JVM was launched by a Python driver that is no longer its parent. */
  static boolean gone() {
    Optional<Long> parent = PARENT.get();
    if (parent == null || parent.isEmpty()) {
      return false;
    }
    long now = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L);
    return now != parent.get();
  }

  /** What happened, for an error message: names the Python driver's process. */
  static String description() {
    Optional<Long> parent = PARENT.get();
    return "the Python driver process (pid "
        + (parent == null ? Optional.<Long>empty() : parent).map(String::valueOf).orElse("unknown")
        + ") went away (killed, or its notebook kernel died)";
  }

  private static Optional<Long> launcher() {
    if (System.getenv(LAUNCHED_BY_PYTHON) == null) {
      return Optional.empty();
    }
    return ProcessHandle.current().parent().map(ProcessHandle::pid);
  }
}
