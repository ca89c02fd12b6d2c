package io.headwater.spark.agent;

import io.headwater.spark.agent.jobs.ActiveJobs;
import io.headwater.spark.agent.jobs.RddJobIds;
import io.headwater.spark.agent.jobs.RddStageFiles;
import io.headwater.spark.agent.termination.Termination;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.pipelines.PipelinesSupport;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.ActiveJob;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerApplicationEnd;
import org.apache.spark.scheduler.SparkListenerApplicationStart;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart;
import org.apache.spark.sql.streaming.StreamingQueryListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Tuple2;

/**
 * Headwater's entry point in the Spark driver: {@code
 * spark.extraListeners=io.headwater.spark.agent.OpenLineageSparkListener}.
 *
 * <p>Its constructor, on Spark's start-up path, only records the settings and starts the agent's
 * own thread ({@link DeferredStart}), which reads and checks the configuration and builds the
 * {@link LineageAgent} ({@link AgentFactory}): transports, the OpenLineage client, extensions. Each
 * callback reads what it must read at once (the query execution, the scheduler's job) and hands the
 * rest to the agent; events that arrive while the agent is being built wait, in order, until it is
 * ready. Nothing here throws into Spark's listener bus. A configuration that cannot be used
 * disables the agent with one log line naming the setting (written by the agent's thread); the
 * events waiting are discarded and the application runs on unchanged.
 */
@Internal
public final class OpenLineageSparkListener extends SparkListener {
  private static final Logger LOG = LoggerFactory.getLogger(OpenLineageSparkListener.class);

  /** Listener events kept at most while the agent is being built. */
  static final int PENDING_CAPACITY = 100_000;

  /**
   * Close time-out when the settings give none (the default of {@code emit.closeTimeoutMillis}).
   */
  private static final long DEFAULT_CLOSE_TIMEOUT_MILLIS = 10_000;

  private final Map<String, String> settings;
  private final DeferredStart<LineageAgent> start;
  private volatile boolean detached;
  private final ActiveJobs activeJobs = new ActiveJobs();
  private final RddJobIds rddJobs = new RddJobIds();
  private final RddStageFiles rddStageFiles = new RddStageFiles();

  /** Called by Spark for {@code spark.extraListeners}. */
  public OpenLineageSparkListener(SparkConf sparkConf) {
    this(settings(sparkConf));
  }

  /**
   * A listener configured by {@code settings} (Spark configuration entries); see {@link
   * Attachment}. The agent is built on a thread of its own whose context class loader is the
   * caller's.
   */
  OpenLineageSparkListener(Map<String, String> settings) {
    this.settings = settings;
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    this.start =
        DeferredStart.start(
            "headwater-start",
            loader == null ? OpenLineageSparkListener.class.getClassLoader() : loader,
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
   * The running agent, or null when it is disabled; waits for its start (at most the close
   * time-out).
   */
  LineageAgent agent() {
    start.await(closeTimeout());
    return start.value().orElse(null);
  }

  /**
   * Python's {@code headwater.detach(spark)}: removes this listener from {@code context}'s listener
   * bus and ends the agent as application end would (open runs ABORT, the application run COMPLETE,
   * queued events delivered within {@code emit.closeTimeoutMillis}, threads stopped). Events Spark
   * still delivers afterwards are ignored.
   */
  public void detach(SparkContext context) {
    detached = true;
    context.removeSparkListener(this);
    LineageAgent agent = readyOrAbandoned("detached");
    if (agent != null) {
      agent.detach(System.currentTimeMillis());
    }
  }

  /**
   * True when the agent runs (configuration was valid and it is not disabled). Waits for the
   * agent's start, at most {@code emit.closeTimeoutMillis}.
   */
  public boolean isEnabled() {
    return agent() != null;
  }

  /**
   * Why the agent is off (the text of its log line), or null when it runs. Waits for the agent's
   * start as {@link #isEnabled} does.
   */
  public String disabledReason() {
    start.await(closeTimeout());
    return start.offReason();
  }

  /** What the Python package calls through py4j ({@link PythonEntryPoints}). */
  public PythonEntryPoints python() {
    return new PythonEntryPoints(agent());
  }

  /**
   * Emits the application START of an agent attached to a running application (when it is ready).
   */
  void attached(long time) {
    start.run(agent -> agent.attached(time));
  }

  @Override
  public void onApplicationStart(SparkListenerApplicationStart event) {
    route(() -> agent -> agent.applicationStart(event));
  }

  /**
   * Ends the agent on the listener bus, synchronously as Spark expects. An agent still being built
   * is waited for, at most {@code emit.closeTimeoutMillis}; one that is not ready by then is given
   * up (one log line, its events missing), so {@code spark.stop()} never hangs on the start.
   */
  @Override
  public void onApplicationEnd(SparkListenerApplicationEnd event) {
    if (detached) {
      return;
    }
    LineageAgent agent = readyOrAbandoned("ended");
    if (agent != null) {
      route(() -> ready -> ready.applicationEnd(event));
    }
  }

  @Override
  public void onOtherEvent(SparkListenerEvent event) {
    if (event instanceof SparkListenerSQLExecutionStart start) {
      route(() -> LineageAgent.executionStart(start));
    } else if (event instanceof SparkListenerSQLExecutionEnd end) {
      route(() -> LineageAgent.executionEnd(end));
    } else if (event instanceof StreamingQueryListener.QueryStartedEvent started) {
      route(() -> LineageAgent.streamingQueryStarted(started));
    } else if (event instanceof StreamingQueryListener.QueryTerminatedEvent terminated) {
      route(() -> LineageAgent.streamingQueryTerminated(terminated));
    } else if (PipelinesSupport.isConnectEvent(event)) {
      route(() -> LineageAgent.connectEvent(event)); // Spark Declarative Pipelines' commands
    }
    // any other event: nothing to do
  }

  /** A job outside any SQL execution is an RDD job with a run of its own. */
  @Override
  public void onJobStart(SparkListenerJobStart event) {
    Termination.jobStarted(event.jobId());
    route(
        () -> {
          ActiveJob job = activeJobs.lookup(event.jobId());
          boolean rddJob = rddJobs.started(event);
          if (rddJob) {
            rddStageFiles.track(event);
          }
          return agent -> agent.jobStart(event, job, rddJob);
        });
  }

  /** Counts the files the tasks of RDD jobs write ({@link RddStageFiles}); nothing else. */
  @Override
  public void onTaskEnd(SparkListenerTaskEnd event) {
    observe(() -> rddStageFiles.taskEnded(event));
  }

  @Override
  public void onStageCompleted(SparkListenerStageCompleted event) {
    route(
        () -> {
          long files = rddStageFiles.completed(event.stageInfo().stageId());
          return agent -> agent.stageCompleted(event.stageInfo(), files);
        });
  }

  @Override
  public void onJobEnd(SparkListenerJobEnd event) {
    Termination.jobEnded(event.jobId());
    route(
        () -> {
          boolean rddJob = rddJobs.ended(event);
          if (rddJob) {
            rddStageFiles.jobEnded(event.jobId());
          }
          return LineageAgent.jobEnd(event, rddJob, rddJob ? RddJobIds.failure(event) : null);
        });
  }

  /**
   * The agent once its start has ended, waiting at most the close time-out; null when it is off or
   * was not ready in time — then it is given up with one log line saying the application {@code
   * what} before the agent was ready.
   */
  private LineageAgent readyOrAbandoned(String what) {
    Duration timeout = closeTimeout();
    if (!start.await(timeout)
        && start.abandon("the application " + what + " before the agent was ready")) {
      LOG.warn(
          "Headwater: the application {} before the lineage agent was ready ({} ms, {}); its"
              + " events are missing",
          what,
          timeout.toMillis(),
          CLOSE_TIMEOUT_KEY);
    }
    return start.value().orElse(null);
  }

  private static final String CLOSE_TIMEOUT_KEY = "spark.openlineage.emit.closeTimeoutMillis";

  /**
   * {@code spark.openlineage.emit.closeTimeoutMillis} as the Spark settings give it (its default
   * when they do not, or give no positive number): how long the listener waits for the agent's
   * start. Read from the Spark settings only: the agent's thread reads the other sources.
   */
  private Duration closeTimeout() {
    try {
      long millis = Long.parseLong(settings.getOrDefault(CLOSE_TIMEOUT_KEY, "").trim());
      return Duration.ofMillis(millis > 0 ? millis : DEFAULT_CLOSE_TIMEOUT_MILLIS);
    } catch (NumberFormatException e) {
      return Duration.ofMillis(DEFAULT_CLOSE_TIMEOUT_MILLIS);
    }
  }

  /**
   * Reads, now, what an event needs read on the listener bus, and hands the rest to the agent (at
   * once, or when it is ready); never throws into Spark's listener bus. Nothing is read when the
   * agent is off or detached.
   */
  private void route(Supplier<Consumer<LineageAgent>> capture) {
    if (detached || start.offReason() != null) {
      return;
    }
    try {
      Consumer<LineageAgent> call = capture.get();
      start.run(agent -> guarded(() -> call.accept(agent)));
    } catch (Throwable t) {
      handlingFailed(t);
    }
  }

  /**
   * Reads, now, what an event needs read on the listener bus and that the agent itself never needs;
   * never throws into Spark's listener bus. Nothing is read when the agent is off or detached.
   */
  private void observe(Runnable read) {
    if (detached || start.offReason() != null) {
      return;
    }
    guarded(read);
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
