package io.headwater.spark.agent.jobs;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.extensions.SchedulerObjects;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.spark.scheduler.ActiveJob;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.Stage;

/**
 * The running Spark jobs of tracked SQL runs and RDD-job runs: which execution (if any) each job
 * and stage belongs to, and the job's {@code ActiveJob} (when it was captured) to find its {@code
 * Stage}s. Only the agent's analysis thread touches it; a job is forgotten when it ends.
 */
@Internal
public final class SparkJobs {
  /**
   * Spark's job property naming the SQL execution a job runs for ({@code
   * SQLExecution.EXECUTION_ID_KEY}).
   */
  static final String EXECUTION_ID = io.headwater.spark.rdd.RddJobs.SQL_EXECUTION_ID;

  /**
   * A Spark job the scheduler started, with its stages.
   *
   * @param executionId the SQL execution the job runs for; null for an RDD job (it is a run of its
   *     own)
   * @param activeJob the scheduler's job, or null when it was gone before the listener saw the job
   *     start
   */
  public record Job(int jobId, Long executionId, ActiveJob activeJob, List<Integer> stageIds) {
    /** The job's stage {@code stageId}, or null when unknown. */
    public Stage stage(int stageId) {
      return activeJob == null ? null : SchedulerObjects.stage(activeJob, stageId).orElse(null);
    }

    /** The job's final stage (the one computing its result), or null when unknown. */
    public Stage finalStage() {
      return activeJob == null ? null : activeJob.finalStage();
    }
  }

  private final Map<Integer, Job> jobs = new HashMap<>();
  private final Map<Integer, Job> byStage = new HashMap<>();

  /** The SQL execution id in a job's properties, or null for a job outside SQL executions. */
  public static Long executionId(Properties properties) {
    String id = properties == null ? null : properties.getProperty(EXECUTION_ID);
    if (id == null) {
      return null;
    }
    try {
      return Long.parseLong(id.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * Records a job that started and its stages, to find it later by job or stage id.
   *
   * @param executionId the SQL execution the job runs for; null for an RDD job
   */
  public void started(SparkListenerJobStart event, ActiveJob activeJob, Long executionId) {
    List<Integer> stageIds =
        ScalaCollections.asJava(event.stageIds()).stream().map(id -> (Integer) id).toList();
    Job job = new Job(event.jobId(), executionId, activeJob, stageIds);
    jobs.put(job.jobId(), job);
    for (int stageId : stageIds) {
      byStage.put(stageId, job);
    }
  }

  /** The job a stage belongs to, or null. */
  public Job ofStage(int stageId) {
    return byStage.get(stageId);
  }

  /** Forgets the job and returns it, or null when it was not tracked. */
  public Job ended(int jobId) {
    Job job = jobs.remove(jobId);
    if (job != null) {
      for (int stageId : job.stageIds()) {
        byStage.remove(stageId, job);
      }
    }
    return job;
  }
}
