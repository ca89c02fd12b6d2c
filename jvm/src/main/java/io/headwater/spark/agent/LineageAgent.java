package io.headwater.spark.agent;

import io.headwater.spark.agent.application.ApplicationLineage;
import io.headwater.spark.agent.events.RecentRuns;
import io.headwater.spark.agent.events.RunEventFactory;
import io.headwater.spark.agent.events.StaticLineageApi;
import io.headwater.spark.agent.executions.RunCoordinator;
import io.headwater.spark.agent.runs.ApplicationRun;
import io.headwater.spark.agent.runs.RunBuilders;
import io.headwater.spark.agent.runs.SparkPropertiesCapture;
import io.headwater.spark.agent.termination.Termination;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.compat.pipelines.ConnectOperation;
import io.headwater.spark.config.ConfigKeys;
import io.headwater.spark.emit.AgentThread;
import io.headwater.spark.emit.DeliveryStatus;
import io.headwater.spark.emit.EmissionQueue;
import io.headwater.spark.extensions.CustomFacets;
import io.headwater.spark.extensions.RunContexts;
import io.headwater.spark.naming.CatalogChangeRecorder;
import io.headwater.spark.pipelines.PipelinesSupport;
import io.openlineage.client.OpenLineage.RunEvent.EventType;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.spark.scheduler.ActiveJob;
import org.apache.spark.scheduler.SparkListenerApplicationEnd;
import org.apache.spark.scheduler.SparkListenerApplicationStart;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.SQLExecution;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart;
import org.apache.spark.sql.streaming.StreamingQueryListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running agent: every method is called on Spark's listener-bus thread and only queues work on
 * the agent's analysis thread ({@link AgentThread}), where {@link RunCoordinator} has the plans
 * read and the tracker decide, one pass per event; events are serialised and delivered on the
 * emission thread ({@link EmissionQueue}). The application is a run too: START at application
 * start, COMPLETE at its end — or FAIL when the driver is being killed ({@link Termination}); runs
 * still open then end with ABORT. The end is bounded: {@code emit.closeTimeoutMillis} after it
 * began, whatever was not delivered is in the spool.
 *
 * <p>Each operation that touches a dataset gets exactly one START and one terminal event (COMPLETE,
 * or FAIL with {@code errorMessage}) with one run id; an operation that touches none emits nothing,
 * and neither do the reads Spark runs to infer a schema. Built by {@link AgentFactory}.
 */
final class LineageAgent {
  private static final Logger LOG = LoggerFactory.getLogger(LineageAgent.class);

  private final Duration closeTimeout;
  private final ApplicationRun application;
  private final RunEventFactory events;
  private final SparkPropertiesCapture properties;
  private final AgentThread analysis;
  private final EmissionQueue emission;
  private final RunCoordinator executions;
  private final RunBuilders builders;
  private final RunContexts contexts;
  private final StaticLineageApi staticApi;
  private final AtomicBoolean ended = new AtomicBoolean();
  private final CountDownLatch endDone = new CountDownLatch(1);
  private final Termination termination;
  private final RecentRuns recentRuns;
  private final ApplicationLineage applicationLineage;
  private final boolean transportConfigured;
  // spooled + dropped as counted at the previous flush; Python's thread only (flush is
  // synchronized)
  private long undeliveredAtFlush;

  LineageAgent(
      Duration closeTimeout,
      ApplicationRun application,
      RunEventFactory events,
      SparkPropertiesCapture properties,
      AgentThread analysis,
      EmissionQueue emission,
      RunCoordinator executions,
      RunBuilders builders,
      RunContexts contexts,
      StaticLineageApi staticApi,
      RecentRuns recentRuns,
      ApplicationLineage applicationLineage,
      boolean transportConfigured) {
    this.closeTimeout = closeTimeout;
    this.application = application;
    this.events = events;
    this.properties = properties;
    this.analysis = analysis;
    this.emission = emission;
    this.executions = executions;
    this.builders = builders;
    this.contexts = contexts;
    this.staticApi = staticApi;
    this.termination = new Termination(this::onJvmShutdown);
    this.recentRuns = recentRuns;
    this.applicationLineage = applicationLineage;
    this.transportConfigured = transportConfigured;
  }

  /**
   * Emits the application's START, with the run and job facets the factories' facet builders give
   * for {@code event}.
   */
  void applicationStart(SparkListenerApplicationStart event) {
    analysis.submit(() -> emitApplicationEvent(EventType.START, event.time(), event, null));
  }

  /**
   * Emits the application's START for an agent attached to a running application ({@link
   * Attachment}), which never sees Spark's application start event.
   */
  void attached(long time) {
    analysis.submit(() -> emitApplicationEvent(EventType.START, time, null, null));
  }

  /**
   * Ends the application run — COMPLETE, or FAIL when the driver is being killed — after ABORT for
   * every run still open, with the facets the builders give for {@code event}; then delivers, at
   * most the close time-out in all, and spools what is left.
   */
  void applicationEnd(SparkListenerApplicationEnd event) {
    end(event.time(), event, Ending.APPLICATION_END);
  }

  /**
   * Ends an agent detached from a running application: runs still open end with ABORT (their end
   * will not be seen), the application run COMPLETEs, then as at application end.
   */
  void detach(long time) {
    end(time, null, Ending.DETACHED);
  }

  /**
   * The JVM shuts down: waits (at most the close time-out) for Spark to report the application's
   * end; when that never began, ends the agent as terminated.
   */
  private void onJvmShutdown() {
    try {
      if (!endDone.await(closeTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
        end(System.currentTimeMillis(), null, Ending.KILLED);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** How the agent's application run ends. */
  private enum Ending {
    /** Spark reported the application's end (FAIL when the driver is being killed). */
    APPLICATION_END,
    /** {@code headwater.detach}: the application goes on without the agent (COMPLETE). */
    DETACHED,
    /** The JVM shuts down and Spark never reported the application's end (FAIL). */
    KILLED
  }

  private void end(long time, Object event, Ending ending) {
    if (!ended.compareAndSet(false, true)) {
      return;
    }
    long deadline = System.nanoTime() + closeTimeout.toNanos();
    try {
      analysis.submit(
          () -> {
            Optional<String> failure =
                switch (ending) {
                  case KILLED -> Optional.of(Termination.shutDownBeforeEnd());
                  case DETACHED -> Optional.empty();
                  case APPLICATION_END ->
                      Termination.reason(executions.hasOpenRuns(), application.server());
                };
            String abort =
                ending == Ending.DETACHED
                    ? "the Headwater agent was detached while the run was still open"
                    : failure
                        .map(why -> why + "; the run was still open")
                        .orElse("the application ended while the run was still open");
            executions.abortOpenRuns(time, abort);
            executions.abortPipelineUpdates(time);
            emitApplicationEvent(
                failure.isPresent() ? EventType.FAIL : EventType.COMPLETE,
                time,
                event,
                failure.orElse(null));
          });
      int unfinished = analysis.shutdown(left(deadline).multipliedBy(3).dividedBy(4));
      if (unfinished > 0) {
        LOG.warn(
            "Headwater: {} piece(s) of plan analysis were not done within {} ms at application"
                + " end ({}); their events are missing",
            unfinished,
            closeTimeout.toMillis(),
            ConfigKeys.EMIT_CLOSE_TIMEOUT_MILLIS.sparkKey());
      }
      emission.close(left(deadline));
    } finally {
      endDone.countDown();
      if (ending != Ending.KILLED) {
        termination.unregister();
      }
    }
  }

  private static Duration left(long deadline) {
    return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
  }

  /** The delivery counters now. */
  DeliveryStatus status() {
    return emission.status();
  }

  /**
   * A SQL execution started: its id, the execution it is nested under (itself for a top-level one)
   * and its query execution, if Spark still has it — read now, on the listener bus; the returned
   * call queues the analysis (it may be made later, once the agent is ready).
   */
  static Consumer<LineageAgent> executionStart(SparkListenerSQLExecutionStart start) {
    long executionId = start.executionId();
    long root =
        ScalaCollections.asJava(start.rootExecutionId()).map(id -> (long) id).orElse(executionId);
    QueryExecution execution = SQLExecution.getQueryExecution(executionId);
    if (execution != null) {
      CatalogChangeRecorder.registerWhenCatalogUp(execution.sparkSession().sharedState());
    }
    return agent ->
        agent.analysis.submit(
            () ->
                agent.executions.executionStarted(
                    executionId, root, start.time(), execution, start));
  }

  /**
   * A SQL execution ended, successfully or not: its query execution and failure are read now; the
   * returned call queues the analysis.
   */
  static Consumer<LineageAgent> executionEnd(SparkListenerSQLExecutionEnd end) {
    QueryExecution execution =
        end.qe() != null ? end.qe() : SQLExecution.getQueryExecution(end.executionId());
    Throwable failure = Termination.explain(failure(end));
    return agent ->
        agent.analysis.submit(
            () ->
                agent.executions.executionEnded(
                    end.executionId(), end.time(), execution, failure, end));
  }

  private static Throwable failure(SparkListenerSQLExecutionEnd end) {
    if (end.executionFailure() != null && end.executionFailure().isDefined()) {
      return end.executionFailure().get();
    }
    return ScalaCollections.asJava(end.errorMessage())
        .filter(message -> !message.isEmpty())
        .<Throwable>map(RuntimeException::new)
        .orElse(null);
  }

  /**
   * A Spark job started.
   *
   * @param job the job's {@code ActiveJob} as the scheduler still had it, or null
   * @param rddJob true for a job outside any SQL execution (a run of its own)
   */
  void jobStart(SparkListenerJobStart event, ActiveJob job, boolean rddJob) {
    analysis.submit(() -> executions.jobStarted(event, job, rddJob));
  }

  /**
   * A stage of a Spark job completed (successfully or not).
   *
   * @param filesWritten the files its tasks wrote, for a stage of an RDD job ({@link
   *     io.headwater.spark.agent.jobs.ListenerBusJobs#stageCompleted}); 0 otherwise
   */
  void stageCompleted(StageInfo stage, long filesWritten) {
    analysis.submit(() -> executions.stageCompleted(stage, filesWritten));
  }

  /**
   * A Spark job ended: the returned call queues its handling.
   *
   * @param failure why an RDD job failed, or null (explained now: a signal the driver received)
   */
  static Consumer<LineageAgent> jobEnd(
      SparkListenerJobEnd event, boolean rddJob, Throwable failure) {
    Throwable explained = Termination.explain(failure);
    return agent ->
        agent.analysis.submit(() -> agent.executions.jobEnded(event, rddJob, explained));
  }

  /** A streaming query run started (its time read now). */
  static Consumer<LineageAgent> streamingQueryStarted(
      StreamingQueryListener.QueryStartedEvent started) {
    long now = System.currentTimeMillis();
    return agent ->
        agent.analysis.submit(
            () ->
                agent.executions.streamingQueryStarted(
                    started.runId(), started.name(), started.timestamp(), now));
  }

  /**
   * A streaming query run terminated: stopped, or died of the exception it reports (its time read
   * now).
   */
  static Consumer<LineageAgent> streamingQueryTerminated(
      StreamingQueryListener.QueryTerminatedEvent terminated) {
    long now = System.currentTimeMillis();
    String exception = ScalaCollections.asJava(terminated.exception()).orElse(null);
    return agent ->
        agent.analysis.submit(
            () -> agent.executions.streamingQueryTerminated(terminated.runId(), now, exception));
  }

  /**
   * A Spark Connect listener event. What it says about Spark Declarative Pipelines is read now (a
   * pipeline command's graph is looked up in its session before the session can drop it: constant
   * work) and handled on the analysis thread; other Connect events are ignored.
   */
  static Consumer<LineageAgent> connectEvent(SparkListenerEvent event) {
    Optional<ConnectOperation> operation =
        PipelinesSupport.graphs().flatMap(graphs -> graphs.operation(event));
    return agent ->
        operation.ifPresent(
            found -> agent.analysis.submit(() -> agent.executions.pipelineOperation(found)));
  }

  /**
   * Stops, without waiting or emitting, an agent built after the listener gave up waiting for it
   * (its application had ended): its threads end and the JVM shutdown hook goes.
   */
  void discard() {
    analysis.shutdown(Duration.ZERO);
    emission.close(Duration.ZERO);
    termination.unregister();
  }

  /** The Python static-lineage API's entry point (events go to the emission queue). */
  StaticLineageApi staticApi() {
    return staticApi;
  }

  /**
   * Waits, at most {@code timeout} in all, until the work and events queued before are done:
   * delivered, spooled or dropped ({@link DeliveryStatus}).
   *
   * @return true when they are, and no event emitted since the previous flush was spooled or
   *     dropped (the same counters {@link #status} gives)
   */
  synchronized boolean flush(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    boolean done = analysis.drain(timeout) && emission.drain(left(deadline));
    long undelivered = emission.status().undelivered();
    boolean allDelivered = undelivered == undeliveredAtFlush;
    undeliveredAtFlush = undelivered;
    return done && allDelivered;
  }

  /**
   * The runs this agent ended lately (for Python's {@code headwater.lineage}), after waiting at
   * most {@code wait} for the analysis of what Spark reported before (delivery is not waited for).
   */
  RecentRuns recentRuns(Duration wait) {
    analysis.drain(wait);
    return recentRuns;
  }

  /**
   * True when some source (Spark configuration, {@code openlineage.yml}, the environment)
   * configures a transport; false when events go to the default console transport.
   */
  boolean transportConfigured() {
    return transportConfigured;
  }

  /** {@code event} is Spark's event, or null for an attached agent's start and detach. */
  private void emitApplicationEvent(EventType type, long time, Object event, String failure) {
    CustomFacets facets =
        event == null
            ? CustomFacets.EMPTY
            : builders.facets(contexts.of(application.runId(), null), event);
    emission.submit(
        applicationLineage.addTo(
            events.applicationEvent(
                type, time, application, properties.forApplication(), facets, event, failure)));
  }
}
