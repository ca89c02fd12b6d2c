package io.headwater.spark.agent.termination;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.logging.StackTraces;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Tells whether the application is ending because its driver is being killed, so the application
 * run ends with FAIL rather than COMPLETE, and makes sure the agent ends even when Spark never
 * reports the application's end.
 *
 * <p>Three signs of a kill: the JVM received SIGTERM, SIGINT or SIGHUP (a handler records the
 * signal and hands it on to the JVM's own, which starts the shutdown); the Python driver process
 * that launched this JVM went away while runs were open ({@link PythonDriver}: a notebook kernel
 * killed with SIGKILL — the JVM exits on the broken pipe, Spark's shutdown hook stops the
 * SparkContext and cancels the jobs still running); or the application ends while the JVM is
 * already shutting down and runs are still open. A driver that ends without {@code spark.stop()}
 * but with nothing running still gets COMPLETE, and so does a Spark Connect or Thrift server
 * stopped by a signal with nothing running (how its stop script stops it).
 *
 * <p>A JVM shutdown hook of the agent waits, at most the close timeout, for the application's end;
 * when it never began (Spark's own hook did not stop the SparkContext), the hook ends the agent
 * itself: open runs ABORT, the application FAILs, queued events are spooled.
 */
@Internal
public final class Termination {
  private static final Logger LOG = LoggerFactory.getLogger(Termination.class);
  private static final String[] SIGNALS = {"TERM", "INT", "HUP"};
  // Signals are process-wide, so what was received is recorded once per JVM, by the first agent.
  private static final AtomicReference<String> RECEIVED = new AtomicReference<>();
  private static final AtomicBoolean HANDLERS_INSTALLED = new AtomicBoolean();
  // a run failed because the Python driver went away (its end then is a kill, not the usual exit)
  private static final AtomicBoolean CUT_SHORT = new AtomicBoolean();
  // the Spark jobs running now, of SQL executions or not (Spark posts the application's end
  // before it cancels them)
  private static final Set<Integer> RUNNING_JOBS = ConcurrentHashMap.newKeySet();

  private final Thread hook;

  /**
   * Installs the signal handlers (once per JVM) and registers {@code onShutdown} to run in a JVM
   * shutdown hook.
   *
   * @param onShutdown what the hook does; it must return within the close timeout
   */
  public Termination(Runnable onShutdown) {
    installSignalHandlers();
    PythonDriver.remember();
    this.hook = new Thread(onShutdown, "headwater-shutdown");
    try {
      Runtime.getRuntime().addShutdownHook(hook);
    } catch (IllegalStateException | SecurityException e) {
      LOG.debug("Headwater: no shutdown hook: {}", e.toString());
    }
  }

  /**
   * Why the application run fails, when the driver is being killed.
   *
   * <p>A Python driver that went away ({@link PythonDriver}) killed the application when runs were
   * open, or were cut short by its going ({@link #explain}); with nothing running, it is a script
   * or kernel that ended without {@code spark.stop()}, as usual.
   *
   * <p>A server ({@link ServerDriver}) that a signal stops while nothing runs has stopped the usual
   * way: no failure. With runs open it was killed like any driver.
   *
   * @param runsOpen whether executions were still open when the application ended
   * @param server whether the driver is a long-running server ({@link ServerDriver})
   */
  public static Optional<String> reason(boolean runsOpen, boolean server) {
    if (PythonDriver.gone() && (runsOpen || !RUNNING_JOBS.isEmpty() || CUT_SHORT.get())) {
      return Optional.of(
          "the application was terminated: "
              + PythonDriver.description()
              + " and its JVM shut down");
    }
    String signal = RECEIVED.get();
    if (signal != null) {
      return server && !runsOpen
          ? Optional.empty()
          : Optional.of(
              "the application was terminated: the driver received SIG"
                  + signal
                  + " and shut down");
    }
    if (runsOpen && shuttingDown()) {
      return Optional.of(
          "the application was terminated: the driver's JVM shut down while runs were still open"
              + " (the driver exited or was killed without stopping the SparkContext)");
    }
    return Optional.empty();
  }

  /**
   * A Spark job started — any job, not only one of a SQL execution: an RDD action ({@code
   * foreach}), the job {@code rdd.toDF()} runs to infer a schema. A Python driver that goes away
   * while one runs killed the application ({@link #reason}).
   */
  public static void jobStarted(int jobId) {
    RUNNING_JOBS.add(jobId);
  }

  /** A Spark job ended (see {@link #jobStarted}). */
  public static void jobEnded(int jobId) {
    RUNNING_JOBS.remove(jobId);
  }

  /** Why the application run fails when the JVM shut down before Spark reported its end. */
  public static String shutDownBeforeEnd() {
    return PythonDriver.gone()
        ? "the application was terminated: " + PythonDriver.description() + " and its JVM shut down"
        : "the application was terminated: the driver's JVM shut down before the application ended";
  }

  /**
   * {@code failure} of an execution or job, told apart when the driver is being killed.
   *
   * <p>Once the driver has received a signal, Spark's shutdown hook stops the SparkContext, and a
   * run still going fails with whatever that did to it (a task that could not be serialized, a
   * cancelled job) before the agent's own end would ABORT it. Such a failure is returned as a
   * {@link Terminated} whose message names the signal and then gives the failure's own; its cause
   * is {@code failure}, so the stack trace is kept. Without a signal, {@code failure} is returned
   * as it is.
   *
   * @param failure the run's failure, or null (returned as it is)
   */
  public static Throwable explain(Throwable failure) {
    if (failure == null || failure instanceof Terminated) {
      return failure;
    }
    String why;
    if (PythonDriver.gone()) {
      CUT_SHORT.set(true);
      why = PythonDriver.description() + " and its JVM shut down";
    } else if (RECEIVED.get() != null) {
      why = "the driver received SIG" + RECEIVED.get() + " and shut down";
    } else {
      return failure;
    }
    return new Terminated(
        "the application was terminated: "
            + why
            + "; the run failed with "
            + StackTraces.summary(failure),
        failure);
  }

  /**
   * Records {@code signal} (without its {@code SIG} prefix) as received, as the handler does; null
   * forgets it. For tests only: the record is process-wide.
   */
  static void recordForTest(String signal) {
    RECEIVED.set(signal);
  }

  /** A run's failure while the driver was being killed ({@link #explain}). */
  static final class Terminated extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Terminated(String message, Throwable cause) {
      super(message, cause, false, false);
    }
  }

  /** Removes the shutdown hook (the application ended normally); no-op during shutdown. */
  public void unregister() {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException | SecurityException e) {
      // the JVM is shutting down: the hook runs and finds the agent ended
    }
  }

  /** True once the JVM has begun to shut down. */
  static boolean shuttingDown() {
    Thread probe = new Thread(() -> {}, "headwater-shutdown-probe");
    try {
      Runtime.getRuntime().addShutdownHook(probe);
      Runtime.getRuntime().removeShutdownHook(probe);
      return false;
    } catch (IllegalStateException e) {
      return true;
    }
  }

  private static void installSignalHandlers() {
    if (!HANDLERS_INSTALLED.compareAndSet(false, true)) {
      return;
    }
    for (String name : SIGNALS) {
      try {
        Signal signal = new Signal(name);
        SignalHandler[] previous = new SignalHandler[1];
        previous[0] =
            Signal.handle(
                signal,
                received -> {
                  RECEIVED.compareAndSet(null, received.getName());
                  if (previous[0] != null) {
                    previous[0].handle(received);
                  }
                });
        if (previous[0] == SignalHandler.SIG_DFL || previous[0] == SignalHandler.SIG_IGN) {
          Signal.handle(signal, previous[0]); // no Java handler to hand on to (-Xrs): leave it
        }
      } catch (IllegalArgumentException | UnsupportedOperationException e) {
        LOG.debug("Headwater: SIG{} is not observed: {}", name, e.toString());
      }
    }
  }
}
