package io.headwater.spark.agent.jobs;

import io.headwater.spark.annotation.Internal;
import org.apache.spark.scheduler.ActiveJob;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * What the listener must read of Spark jobs on the listener bus itself, before the agent's analysis
 * thread gets the event: the scheduler's job at its start ({@link ActiveJobs}, gone once the job
 * ends), whether a job runs outside any SQL execution ({@link RddJobIds}) and the files the tasks
 * of such a job write ({@link RddStageFiles}). Used on the listener-bus thread only.
 */
@Internal
public final class ListenerBusJobs {
  /**
   * A job's start as read on the listener bus.
   *
   * @param activeJob the scheduler's job, or null when it was gone before the listener saw the
   *     start
   * @param rddJob true when the job runs outside any SQL execution (a run of its own)
   */
  public record Started(ActiveJob activeJob, boolean rddJob) {}

  /**
   * A job's end as read on the listener bus.
   *
   * @param rddJob true when the job is an RDD job whose start was seen
   * @param failure the exception an RDD job ended with; null when it succeeded or is no RDD job
   */
  public record Ended(boolean rddJob, Throwable failure) {}

  private final ActiveJobs activeJobs = new ActiveJobs();
  private final RddJobIds rddJobs = new RddJobIds();
  private final RddStageFiles rddStageFiles = new RddStageFiles();

  /** Reads a job's start; an RDD job's stages are tracked for their file counts. */
  public Started started(SparkListenerJobStart event) {
    ActiveJob job = activeJobs.lookup(event.jobId());
    boolean rddJob = rddJobs.started(event);
    if (rddJob) {
      rddStageFiles.track(event);
    }
    return new Started(job, rddJob);
  }

  /** Counts the files a task of an RDD job wrote; nothing for other tasks. */
  public void taskEnded(SparkListenerTaskEnd event) {
    rddStageFiles.taskEnded(event);
  }

  /** The files the tasks of stage {@code stageId} of an RDD job wrote (0 for other stages). */
  public long stageCompleted(int stageId) {
    return rddStageFiles.completed(stageId);
  }

  /** Reads a job's end; what was kept of an RDD job is forgotten. */
  public Ended ended(SparkListenerJobEnd event) {
    boolean rddJob = rddJobs.ended(event);
    if (rddJob) {
      rddStageFiles.jobEnded(event.jobId());
    }
    return new Ended(rddJob, rddJob ? RddJobIds.failure(event) : null);
  }
}
