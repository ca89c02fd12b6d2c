package io.headwater.spark.agent.jobs;

import io.headwater.spark.agent.events.RunEmitter;
import io.headwater.spark.agent.runs.ApplicationRun;
import io.headwater.spark.agent.runs.LocalPropertyTags;
import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.agent.runs.RunFindingsWriter;
import io.headwater.spark.agent.tracking.ExecutionTracker;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.extensions.SchedulerObjects;
import io.headwater.spark.rdd.RddJobNames;
import io.openlineage.client.utils.UUIDUtils;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.apache.spark.scheduler.ActiveJob;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs of RDD jobs: Spark jobs outside any SQL execution, such as {@code sc.textFile(...).map(...)
 * .saveAsTextFile(...)}. Their datasets and facets come from the factories' dataset and facet
 * builders, user factories first, over the job's scheduler objects ({@link SchedulerObjects}: the
 * job start and its {@code ActiveJob}, each completed stage with its unwrapped RDDs, the job end
 * with its final stage and RDDs); the built-in factory's builders read the job's inputs and its
 * Hadoop write at the {@code ActiveJob} (the RDD connector's {@code RddJobInputDatasetBuilder},
 * {@code RddJobOutputDatasetBuilder}).
 *
 * <p>A job that writes a dataset is one run, child of the application run: START as soon as the
 * builders have given it an output (at its start for the built-in writes; at a stage's completion
 * or the job's end when only an extension's builder gives one then), with the job's start time, and
 * COMPLETE, or FAIL with {@code errorMessage}, when it ends (emitted by {@code RunCoordinator}, the
 * one writer of the run's figures, {@link #end}). Job facet {@code jobType} {@code RDD_JOB}/{@code
 * BATCH}; name {@code <app>.<rdd suffix>} ({@link RddJobNames}), as the OpenLineage Spark
 * integration names RDD jobs.
 *
 * <p>A job that writes nothing emits nothing, even when it reads files: Spark itself runs many such
 * jobs outside SQL executions (CSV and JSON schema inference, {@code take} probes, {@code df.rdd}
 * samplings), and the OpenLineage integration sends no terminal event for them either. A job whose
 * {@code ActiveJob} was not captured ({@link ActiveJobs}) gets no run. Only the analysis thread
 * uses this class.
 */
@Internal
public final class RddJobRuns {
  private static final Logger LOG = LoggerFactory.getLogger(RddJobRuns.class);

  /**
   * A running RDD job: its run (started once it has an output) and the scheduler's job, for its
   * name.
   */
  private record Running(OperationRun run, ActiveJob job) {}

  private final ApplicationRun application;
  private final RunEmitter emitter;
  private final ExecutionTracker tracker;
  private final RunFindingsWriter findingsWriter;
  private final BiConsumer<OperationRun, List<?>> builders;
  private final boolean disabled;
  private final Map<Integer, Running> running = new HashMap<>();

  /**
   * @param tracker names the runs and records their thread's tags ({@code RunNaming})
   * @param findingsWriter gives the runs their {@code spark_properties} ({@code RunFindings})
   * @param builders adds what the builders give for one event's objects to a run
   * @param disabled {@code spark.openlineage.filter.rddEventsDisabled}: no RDD job gets a run
   */
  public RddJobRuns(
      ApplicationRun application,
      RunEmitter emitter,
      ExecutionTracker tracker,
      RunFindingsWriter findingsWriter,
      BiConsumer<OperationRun, List<?>> builders,
      boolean disabled) {
    this.application = application;
    this.emitter = emitter;
    this.tracker = tracker;
    this.findingsWriter = findingsWriter;
    this.builders = builders;
    this.disabled = disabled;
  }

  /**
   * Opens the run of an RDD job that started outside any SQL execution.
   *
   * @param job the scheduler's job, or null when it could not be found (then the job gets no run)
   */
  public void start(SparkListenerJobStart event, ActiveJob job) {
    if (disabled) {
      return;
    }
    if (job == null) {
      LOG.debug(
          "Headwater: RDD job {} had ended before its start was seen; no lineage", event.jobId());
      return;
    }
    OperationRun run =
        new OperationRun(
            UUIDUtils.generateNewUUID(), event.time(), OperationRun.RDD_JOB, "BATCH", null);
    findingsWriter.rddJob(run);
    tracker.rddJobStarted(run, LocalPropertyTags.of(event.properties()));
    running.put(event.jobId(), new Running(run, job));
    evaluate(event.jobId(), SchedulerObjects.jobStart(event, job));
  }

  /** The run of RDD job {@code jobId}, or null when it has none (or it ended). */
  public OperationRun runOf(int jobId) {
    Running job = running.get(jobId);
    return job == null ? null : job.run();
  }

  /**
   * A stage of RDD job {@code jobId} completed; {@code objects} as {@link
   * SchedulerObjects#stageCompleted} gives them (its tasks' figures go to the run's {@code
   * RunMetrics} through their one writer, {@code RunCoordinator}).
   */
  public void stageCompleted(int jobId, List<?> objects) {
    evaluate(jobId, objects);
  }

  /**
   * RDD job {@code event.jobId()} ended: the builders see its end, and its run, when it started, is
   * returned for its terminal event (COMPLETE or FAIL, with its statistics), which {@code
   * RunCoordinator} emits once it added the job's figures.
   *
   * @return the run whose terminal event is due, or null when the job has no started run
   */
  public OperationRun end(SparkListenerJobEnd event) {
    Running job = running.get(event.jobId());
    if (job == null) {
      return null;
    }
    evaluate(event.jobId(), SchedulerObjects.jobEnd(event, job.job().finalStage()));
    running.remove(event.jobId());
    return job.run().started() ? job.run() : null;
  }

  /**
   * Adds what the builders give for {@code objects} to the job's run and starts the run once it has
   * an output.
   */
  private void evaluate(int jobId, List<?> objects) {
    Running job = running.get(jobId);
    if (job == null) {
      return;
    }
    OperationRun run = job.run();
    builders.accept(run, objects);
    if (run.started() || run.findings.lineage().outputs().isEmpty()) {
      return; // writes nothing (yet): no run
    }
    String suffix;
    try {
      suffix = RddJobNames.suffix(job.job().finalStage().rdd());
    } catch (RuntimeException | LinkageError e) {
      LOG.warn(
          "Headwater: the RDD graph of job {} could not be read to name it; no lineage: {}",
          jobId,
          e.toString());
      running.remove(jobId);
      return;
    }
    emitter.start(tracker.rddJobNamed(run, application.jobName() + "." + suffix).run());
  }
}
