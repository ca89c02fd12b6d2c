package io.headwater.spark.agent;

import io.headwater.spark.facets.StandardDatasetFactory;
import io.headwater.spark.plan.ExecutionLineage;
import io.headwater.spark.plan.rdd.RddInputs;
import io.headwater.spark.plan.rdd.RddJobNames;
import io.headwater.spark.plan.rdd.RddOutputs;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.RunEvent.EventType;
import io.openlineage.client.utils.UUIDUtils;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.scheduler.ActiveJob;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs of RDD jobs: Spark jobs outside any SQL execution, such as {@code sc.textFile(...).map(...)
 * .saveAsTextFile(...)}. A job that writes a dataset is one run, child of the application run: START when the job
 * starts (its inputs from the RDD lineage, {@link RddInputs}; its output from the write, {@link RddOutputs}) and
 * COMPLETE, or FAIL with {@code errorMessage}, when it ends. Job facet {@code jobType}
 * {@code RDD_JOB}/{@code BATCH}; name {@code <app>.<rdd suffix>} ({@link RddJobNames}), as the OpenLineage Spark
 * integration names RDD jobs.
 *
 * <p>A job that writes nothing emits nothing, even when it reads files: Spark itself runs many such jobs outside
 * SQL executions (CSV and JSON schema inference, {@code take} probes, {@code df.rdd} samplings), and the OpenLineage
 * integration sends no terminal event for them either. Only the analysis thread uses this class.
 */
final class RddJobRuns {
  private static final Logger LOG = LoggerFactory.getLogger(RddJobRuns.class);

  private final ApplicationRun application;
  private final RunEventFactory events;
  private final EmissionQueue emission;
  private final SparkPropertiesCapture properties;
  private final StandardDatasetFactory datasets;
  private final Map<Integer, ExecutionRun> running = new HashMap<>();

  RddJobRuns(
      OpenLineage openLineage,
      ApplicationRun application,
      RunEventFactory events,
      EmissionQueue emission,
      SparkPropertiesCapture properties) {
    this.application = application;
    this.events = events;
    this.emission = emission;
    this.properties = properties;
    this.datasets = new StandardDatasetFactory(openLineage);
  }

  /** @param job the scheduler's job, or null when it could not be found (then the job gets no run) */
  void start(int jobId, long time, ActiveJob job) {
    if (job == null) {
      LOG.debug("Headwater: RDD job {} had ended before its start was seen; no lineage", jobId);
      return;
    }
    ExecutionLineage lineage;
    String suffix;
    try {
      List<OpenLineage.OutputDataset> outputs = RddOutputs.of(job, datasets);
      if (outputs.isEmpty()) {
        return; // writes nothing: no run
      }
      lineage = new ExecutionLineage(RddInputs.of(job.finalStage().rdd(), datasets), outputs, Optional.empty());
      suffix = RddJobNames.suffix(job.finalStage().rdd());
    } catch (Exception | LinkageError e) {
      LOG.warn("Headwater: the lineage of RDD job {} could not be read: {}", jobId, e.toString());
      return;
    }
    ExecutionRun run = new ExecutionRun(UUIDUtils.generateNewUUID(), time);
    run.jobType = ExecutionRun.RDD_JOB;
    run.lineage = lineage;
    run.properties = properties.forApplication();
    run.jobName = application.jobName() + "." + suffix;
    running.put(jobId, run);
    emission.submit(events.executionEvent(EventType.START, time, run, application, null));
  }

  /** @param failure why the job failed, or null when it succeeded */
  void end(int jobId, long time, Throwable failure) {
    ExecutionRun run = running.remove(jobId);
    if (run != null) {
      emission.submit(
          events.executionEvent(failure == null ? EventType.COMPLETE : EventType.FAIL, time, run, application, failure));
    }
  }
}
