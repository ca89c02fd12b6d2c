package io.headwater.spark.agent;

import io.headwater.spark.config.ConfigLoader;
import io.headwater.spark.config.ConfigSources;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.emit.EmissionQueue;
import io.headwater.spark.emit.Transports;
import io.headwater.spark.extensions.EventHandlerFactories;
import io.headwater.spark.extensions.ExtensionFailures;
import io.headwater.spark.extensions.LineageExtractor;
import io.headwater.spark.facets.HeadwaterVersion;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClient;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.scheduler.ActiveJob;
import org.apache.spark.scheduler.JobFailed;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerApplicationEnd;
import org.apache.spark.scheduler.SparkListenerApplicationStart;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.SQLExecution;
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
 * <p>It only routes: each callback translates Spark's event and hands it to the {@link
 * LineageAgent}, which queues the work on its own thread. Nothing here throws into Spark's listener
 * bus. A configuration that cannot be used (see {@link ConfigLoader}) disables the agent with one
 * log line naming the setting; the application runs on unchanged.
 */
public final class OpenLineageSparkListener extends SparkListener {
  private static final Logger LOG = LoggerFactory.getLogger(OpenLineageSparkListener.class);

  private final LineageAgent agent; // null when disabled
  private final ActiveJobs activeJobs = new ActiveJobs();
  // listener-bus thread only: ids of started RDD jobs (jobs outside SQL executions), whose ends
  // close their runs
  private final java.util.Set<Integer> rddJobIds = new java.util.HashSet<>();

  /** Called by Spark for {@code spark.extraListeners}. */
  public OpenLineageSparkListener(SparkConf sparkConf) {
    this.agent = createAgent(sparkConf);
  }

  private static LineageAgent createAgent(SparkConf sparkConf) {
    try {
      Map<String, String> settings = new HashMap<>();
      for (Tuple2<String, String> entry : sparkConf.getAll()) {
        settings.put(entry._1(), entry._2());
      }
      HeadwaterConfig config = ConfigLoader.load(ConfigSources.forDriver(settings));
      if (config.disabled()) {
        LOG.info("Headwater lineage agent is disabled by configuration");
        return null;
      }
      ExtensionFailures failures = new ExtensionFailures();
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      LineageExtractor extractor =
          new LineageExtractor(
              EventHandlerFactories.load(
                  loader == null ? OpenLineageSparkListener.class.getClassLoader() : loader,
                  failures),
              failures,
              config.columnLineage());
      OpenLineageClient client =
          new OpenLineageClient(
              Transports.build(config.transport(), config.emit().retry()),
              config.disabledFacets().toArray(String[]::new));
      EmissionQueue emission = new EmissionQueue(client, config.emit().queueCapacity());
      return new LineageAgent(
          config,
          settings.getOrDefault("spark.app.name", ""),
          new OpenLineage(HeadwaterVersion.PRODUCER),
          extractor,
          emission,
          new SparkPropertiesCapture(
              HeadwaterVersion.PRODUCER, config.capturedProperties(), settings),
          org.apache.spark.package$.MODULE$.SPARK_VERSION());
    } catch (Throwable t) {
      if (t instanceof VirtualMachineError error) {
        throw error;
      }
      LOG.error(
          "Headwater lineage agent disabled: {}",
          t.getMessage() == null ? t.toString() : t.getMessage());
      return null;
    }
  }

  /** True when the agent runs (configuration was valid and it is not disabled). */
  public boolean isEnabled() {
    return agent != null;
  }

  /**
   * Waits until the lineage of everything Spark has reported to this listener so far has been
   * delivered (or has failed), at most {@code timeoutMillis}. For tests and notebooks; the Python
   * package calls it as {@code headwater.flush(spark)} after draining Spark's listener bus.
   *
   * @return true when everything was done in time (always true when the agent is disabled)
   */
  public boolean flush(long timeoutMillis) {
    return agent == null || agent.flush(Duration.ofMillis(timeoutMillis));
  }

  /**
   * Python's {@code headwater.emit_job_event}: emits a JobEvent of the declared lineage of {@code
   * frame} written to {@code output} (a table name or a path), from its analyzed plan, without
   * executing it.
   *
   * @param namespace the job's namespace, or null for {@code spark.openlineage.namespace}
   * @param facetsJson a JSON object of extra job facets, or null
   * @return the emitted event as JSON
   * @throws IllegalArgumentException naming what was wrong (no input dataset, bad output name);
   *     nothing is emitted
   * @throws IllegalStateException when the agent is disabled
   */
  public String emitJobEvent(
      org.apache.spark.sql.Dataset<?> frame,
      String jobName,
      String output,
      String namespace,
      String facetsJson) {
    return enabledAgent().staticApi().emitJobEvent(frame, jobName, output, namespace, facetsJson);
  }

  /**
   * Python's {@code headwater.emit_dataset_event}: emits a DatasetEvent of an existing table or
   * path.
   *
   * @param format the file format a path is read as (for its schema), e.g. {@code parquet}
   * @param tagsJson a JSON object of dataset tags (source USER), or null
   * @param facetsJson a JSON object of extra dataset facets, or null
   * @return the emitted event as JSON
   * @throws IllegalArgumentException when no such table or path exists; nothing is emitted
   */
  public String emitDatasetEvent(
      org.apache.spark.sql.SparkSession session,
      String dataset,
      String format,
      String tagsJson,
      String facetsJson) {
    return enabledAgent()
        .staticApi()
        .emitDatasetEvent(session, dataset, format, tagsJson, facetsJson);
  }

  /**
   * Python's {@code headwater.emit}: emits an OpenLineage event given as JSON (RunEvent, JobEvent
   * or DatasetEvent) through the configured transport, with the configured job and run tags
   * applied.
   *
   * @return the emitted event as JSON
   */
  public String emit(String eventJson) {
    return enabledAgent().staticApi().emit(eventJson);
  }

  private LineageAgent enabledAgent() {
    if (agent == null) {
      throw new IllegalStateException(
          "the Headwater agent is disabled (see the driver log for why); nothing was emitted");
    }
    return agent;
  }

  @Override
  public void onApplicationStart(SparkListenerApplicationStart event) {
    if (agent != null) {
      guard(() -> agent.applicationStart(event));
    }
  }

  @Override
  public void onApplicationEnd(SparkListenerApplicationEnd event) {
    if (agent != null) {
      guard(() -> agent.applicationEnd(event));
    }
  }

  @Override
  public void onOtherEvent(SparkListenerEvent event) {
    if (agent == null) {
      return;
    }
    if (event instanceof SparkListenerSQLExecutionStart start) {
      guard(
          () ->
              agent.executionStart(
                  start.executionId(),
                  rootExecutionId(start),
                  start.time(),
                  SQLExecution.getQueryExecution(start.executionId()),
                  start));
    } else if (event instanceof SparkListenerSQLExecutionEnd end) {
      guard(
          () ->
              agent.executionEnd(
                  end.executionId(), end.time(), queryExecution(end), failure(end), end));
    } else if (event instanceof StreamingQueryListener.QueryStartedEvent started) {
      guard(
          () ->
              agent.streamingQueryStarted(
                  started.runId(),
                  started.name(),
                  started.timestamp(),
                  System.currentTimeMillis()));
    } else if (event instanceof StreamingQueryListener.QueryTerminatedEvent terminated) {
      String exception = terminated.exception().isDefined() ? terminated.exception().get() : null;
      guard(
          () ->
              agent.streamingQueryTerminated(
                  terminated.runId(), System.currentTimeMillis(), exception));
    }
    // any other event: nothing to do
  }

  /**
   * A job outside any SQL execution is an RDD job with a run of its own; any other belongs to its
   * SQL run.
   */
  @Override
  public void onJobStart(SparkListenerJobStart event) {
    if (agent == null) {
      return;
    }
    guard(
        () -> {
          ActiveJob job = activeJobs.lookup(event.jobId());
          if (io.headwater.spark.connectors.rdd.RddJobs.isRddJob(event.properties())) {
            rddJobIds.add(event.jobId());
            agent.rddJobStart(event, job);
          } else {
            agent.jobStart(event, job);
          }
        });
  }

  @Override
  public void onStageCompleted(SparkListenerStageCompleted event) {
    if (agent != null) {
      guard(() -> agent.stageCompleted(event.stageInfo()));
    }
  }

  @Override
  public void onJobEnd(SparkListenerJobEnd event) {
    if (agent == null) {
      return;
    }
    if (rddJobIds.remove(event.jobId())) {
      Throwable failure = event.jobResult() instanceof JobFailed failed ? failed.exception() : null;
      guard(() -> agent.rddJobEnd(event, failure));
    } else {
      guard(() -> agent.jobEnd(event));
    }
  }

  private static long rootExecutionId(SparkListenerSQLExecutionStart start) {
    scala.Option<Object> root = start.rootExecutionId();
    return root != null && root.isDefined()
        ? ((Number) root.get()).longValue()
        : start.executionId();
  }

  private static QueryExecution queryExecution(SparkListenerSQLExecutionEnd end) {
    QueryExecution fromEvent = end.qe();
    return fromEvent != null ? fromEvent : SQLExecution.getQueryExecution(end.executionId());
  }

  private static Throwable failure(SparkListenerSQLExecutionEnd end) {
    if (end.executionFailure() != null && end.executionFailure().isDefined()) {
      return end.executionFailure().get();
    }
    if (end.errorMessage() != null
        && end.errorMessage().isDefined()
        && !end.errorMessage().get().isEmpty()) {
      return new RuntimeException(end.errorMessage().get());
    }
    return null;
  }

  private static void guard(Runnable routing) {
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
