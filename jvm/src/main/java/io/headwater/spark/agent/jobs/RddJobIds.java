package io.headwater.spark.agent.jobs;

import io.headwater.spark.rdd.RddJobs;
import java.util.HashSet;
import java.util.Set;
import org.apache.spark.scheduler.JobFailed;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;

/**
 * The RDD jobs (jobs outside any SQL execution, {@link RddJobs#isRddJob}) the listener saw start,
 * until their end; used on the listener-bus thread only, so a job's end is known to be an RDD job's
 * although its event no longer carries the properties that tell.
 */
final class RddJobIds {
  private final Set<Integer> running = new HashSet<>();

  /** True, and remembered until its end, when {@code event} starts an RDD job. */
  boolean started(SparkListenerJobStart event) {
    boolean rddJob = RddJobs.isRddJob(event.properties());
    if (rddJob) {
      running.add(event.jobId());
    }
    return rddJob;
  }

  /** True, and forgotten, when {@code event} ends an RDD job whose start was seen. */
  boolean ended(SparkListenerJobEnd event) {
    return running.remove(event.jobId());
  }

  /** The exception a job ended with, or null when it succeeded. */
  static Throwable failure(SparkListenerJobEnd event) {
    return event.jobResult() instanceof JobFailed failed ? failed.exception() : null;
  }
}
