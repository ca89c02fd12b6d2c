package io.headwater.spark.agent;

import io.headwater.spark.agent.jobs.ListenerBusJobs;
import io.headwater.spark.agent.termination.Termination;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.pipelines.PipelinesSupport;
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

/**
 * Headwater's entry point in the Spark driver: {@code
 * spark.extraListeners=io.headwater.spark.agent.OpenLineageSparkListener}. It only routes: each
 * callback reads what must be read at once on the listener bus (the query execution; the
 * scheduler's job and file counts, {@link ListenerBusJobs}) and hands the rest to the {@link
 * LineageAgent}, which is built on a thread of its own ({@link AgentHandle}). Nothing here throws
 * into Spark's listener bus; a configuration that cannot be used disables the agent with one log
 * line naming the setting, and the application runs on unchanged.
 */
@Internal
public final class OpenLineageSparkListener extends SparkListener {
  private final AgentHandle agent;
  private final ListenerBusJobs jobs = new ListenerBusJobs();

  /** Called by Spark for {@code spark.extraListeners}. */
  public OpenLineageSparkListener(SparkConf sparkConf) {
    this(AgentHandle.settings(sparkConf));
  }

  /** For {@link Attachment}: a listener configured by {@code settings} (Spark's entries). */
  OpenLineageSparkListener(Map<String, String> settings) {
    this.agent = new AgentHandle(settings);
  }

  /** The running agent, or null when it is disabled; waits for its start (the close time-out). */
  LineageAgent agent() {
    return agent.agent();
  }

  /**
   * Python's {@code headwater.detach(spark)}: leaves {@code context}'s listener bus and ends the
   * agent as application end would; events Spark still delivers afterwards are ignored.
   */
  public void detach(SparkContext context) {
    agent.detach();
    context.removeSparkListener(this);
    LineageAgent ready = agent.readyOrAbandoned("detached");
    if (ready != null) {
      ready.detach(System.currentTimeMillis());
    }
  }

  /** True when the agent runs; waits for its start, at most {@code emit.closeTimeoutMillis}. */
  public boolean isEnabled() {
    return agent() != null;
  }

  /** Why the agent is off (its log line's text), or null; waits as {@link #isEnabled}. */
  public String disabledReason() {
    return agent.offReason();
  }

  /** What the Python package calls through py4j ({@link PythonEntryPoints}). */
  public PythonEntryPoints python() {
    return new PythonEntryPoints(agent());
  }

  /** Emits the application START of an agent attached to a running application (when ready). */
  void attached(long time) {
    agent.run(ready -> ready.attached(time));
  }

  @Override
  public void onApplicationStart(SparkListenerApplicationStart event) {
    agent.route(() -> ready -> ready.applicationStart(event));
  }

  /** Ends the agent synchronously, as Spark expects, and never hangs on its start. */
  @Override
  public void onApplicationEnd(SparkListenerApplicationEnd event) {
    if (!agent.detached() && agent.readyOrAbandoned("ended") != null) {
      agent.route(() -> ready -> ready.applicationEnd(event));
    }
  }

  @Override
  public void onOtherEvent(SparkListenerEvent event) {
    if (event instanceof SparkListenerSQLExecutionStart start) {
      agent.route(() -> LineageAgent.executionStart(start));
    } else if (event instanceof SparkListenerSQLExecutionEnd end) {
      agent.route(() -> LineageAgent.executionEnd(end));
    } else if (event instanceof StreamingQueryListener.QueryStartedEvent started) {
      agent.route(() -> LineageAgent.streamingQueryStarted(started));
    } else if (event instanceof StreamingQueryListener.QueryTerminatedEvent terminated) {
      agent.route(() -> LineageAgent.streamingQueryTerminated(terminated));
    } else if (PipelinesSupport.isConnectEvent(event)) {
      agent.route(() -> LineageAgent.connectEvent(event)); // Spark Declarative Pipelines' commands
    } // any other event: nothing to do
  }

  /** A job outside any SQL execution is an RDD job with a run of its own. */
  @Override
  public void onJobStart(SparkListenerJobStart event) {
    Termination.jobStarted(event.jobId());
    agent.route(
        () -> {
          ListenerBusJobs.Started job = jobs.started(event);
          return ready -> ready.jobStart(event, job.activeJob(), job.rddJob());
        });
  }

  /** Counts the files the tasks of RDD jobs write; nothing else. */
  @Override
  public void onTaskEnd(SparkListenerTaskEnd event) {
    agent.observe(() -> jobs.taskEnded(event));
  }

  @Override
  public void onStageCompleted(SparkListenerStageCompleted event) {
    agent.route(
        () -> {
          long files = jobs.stageCompleted(event.stageInfo().stageId());
          return ready -> ready.stageCompleted(event.stageInfo(), files);
        });
  }

  @Override
  public void onJobEnd(SparkListenerJobEnd event) {
    Termination.jobEnded(event.jobId());
    agent.route(
        () -> {
          ListenerBusJobs.Ended job = jobs.ended(event);
          return LineageAgent.jobEnd(event, job.rddJob(), job.failure());
        });
  }
}
