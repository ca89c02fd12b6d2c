package io.headwater.spark.agent;

import io.headwater.spark.connectors.pipelines.PipelinesSupport;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
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

/**
 * Headwater's entry point in the Spark driver: {@code
 * spark.extraListeners=io.headwater.spark.agent.OpenLineageSparkListener}.
 *
 * <p>It only routes: each callback translates Spark's event and hands it to the {@link
 * LineageAgent} ({@link AgentFactory} builds it), which queues the work on its own thread. Nothing
 * here throws into Spark's listener bus. A configuration that cannot be used disables the agent
 * with one log line naming the setting; the application runs on unchanged.
 */
public final class OpenLineageSparkListener extends SparkListener {
  private static final Logger LOG = LoggerFactory.getLogger(OpenLineageSparkListener.class);

  private final LineageAgent agent; // null when disabled
  private final String disabledReason; // null when enabled
  private final PythonEntryPoints python;
  private volatile boolean detached;
  private final ActiveJobs activeJobs = new ActiveJobs();
  private final RddJobIds rddJobs = new RddJobIds();
  private final RddStageFiles rddStageFiles = new RddStageFiles();

  /** Called by Spark for {@code spark.extraListeners}. */
  public OpenLineageSparkListener(SparkConf sparkConf) {
    this(AgentFactory.settings(sparkConf));
  }

  /**
   * A listener configured by {@code settings} (Spark configuration entries); see {@link
   * Attachment}.
   */
  OpenLineageSparkListener(Map<String, String> settings) {
    AgentFactory.Outcome outcome = AgentFactory.create(settings);
    this.agent = outcome.agent().orElse(null);
    this.disabledReason = outcome.disabledReason();
    this.python = new PythonEntryPoints(agent);
  }

  /** The running agent, or null when it is disabled. */
  LineageAgent agent() {
    return agent;
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
    if (agent != null) {
      agent.detach(System.currentTimeMillis());
    }
  }

  /** True when the agent runs (configuration was valid and it is not disabled). */
  public boolean isEnabled() {
    return agent != null;
  }

  /** Why the agent is off (the text of its log line), or null when it runs. */
  public String disabledReason() {
    return disabledReason;
  }

  /** What the Python package calls through py4j ({@link PythonEntryPoints}). */
  public PythonEntryPoints python() {
    return python;
  }

  @Override
  public void onApplicationStart(SparkListenerApplicationStart event) {
    route(() -> agent.applicationStart(event));
  }

  @Override
  public void onApplicationEnd(SparkListenerApplicationEnd event) {
    route(() -> agent.applicationEnd(event));
  }

  @Override
  public void onOtherEvent(SparkListenerEvent event) {
    if (event instanceof SparkListenerSQLExecutionStart start) {
      route(() -> agent.executionStart(start));
    } else if (event instanceof SparkListenerSQLExecutionEnd end) {
      route(() -> agent.executionEnd(end));
    } else if (event instanceof StreamingQueryListener.QueryStartedEvent started) {
      route(() -> agent.streamingQueryStarted(started));
    } else if (event instanceof StreamingQueryListener.QueryTerminatedEvent terminated) {
      route(() -> agent.streamingQueryTerminated(terminated));
    } else if (PipelinesSupport.isConnectEvent(event)) {
      route(() -> agent.connectEvent(event)); // Spark Declarative Pipelines' commands
    }
    // any other event: nothing to do
  }

  /** A job outside any SQL execution is an RDD job with a run of its own. */
  @Override
  public void onJobStart(SparkListenerJobStart event) {
    route(
        () -> {
          boolean rddJob = rddJobs.started(event);
          if (rddJob) {
            rddStageFiles.track(event);
          }
          agent.jobStart(event, activeJobs.lookup(event.jobId()), rddJob);
        });
  }

  /** Counts the files the tasks of RDD jobs write ({@link RddStageFiles}); nothing else. */
  @Override
  public void onTaskEnd(SparkListenerTaskEnd event) {
    route(() -> rddStageFiles.taskEnded(event));
  }

  @Override
  public void onStageCompleted(SparkListenerStageCompleted event) {
    route(
        () ->
            agent.stageCompleted(
                event.stageInfo(), rddStageFiles.completed(event.stageInfo().stageId())));
  }

  @Override
  public void onJobEnd(SparkListenerJobEnd event) {
    route(
        () -> {
          boolean rddJob = rddJobs.ended(event);
          if (rddJob) {
            rddStageFiles.jobEnded(event.jobId());
          }
          agent.jobEnd(event, rddJob, rddJob ? RddJobIds.failure(event) : null);
        });
  }

  /** Hands an event to the agent, if there is one; never throws into Spark's listener bus. */
  private void route(Runnable routing) {
    if (agent == null || detached) {
      return;
    }
    try {
      routing.run();
    } catch (Throwable t) {
      if (t instanceof VirtualMachineError error) {
        throw error;
      }
      LOG.warn("Headwater: a listener event could not be handled: {}", t.toString());
    }
  }
}
