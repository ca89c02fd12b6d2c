package io.headwater.spark.agent;

import org.apache.spark.SparkContext;
import org.apache.spark.SparkContext$;
import org.apache.spark.scheduler.ActiveJob;
import scala.Option;

/**
 * Captures a job's {@code ActiveJob} (its final stage and RDD graph) on the listener bus, in O(1): one look-up in the
 * scheduler's map of running jobs. The scheduler forgets a job when it ends, which can be before the listener bus
 * delivers the job's start; the job then has no ActiveJob (builders see the listener events only). Never throws.
 */
final class ActiveJobs {
  private volatile SparkContext sparkContext;

  /** The scheduler's running job {@code jobId}, or null when it is gone or cannot be read. */
  ActiveJob lookup(int jobId) {
    try {
      SparkContext context = sparkContext;
      if (context == null || context.isStopped()) {
        Option<SparkContext> active = SparkContext$.MODULE$.getActive();
        context = active.isDefined() ? active.get() : null;
        sparkContext = context;
      }
      if (context == null) {
        return null;
      }
      Option<ActiveJob> job = context.dagScheduler().jobIdToActiveJob().get(jobId);
      return job.isDefined() ? job.get() : null;
    } catch (RuntimeException e) {
      return null; // the scheduler's map changed under us: no ActiveJob for this job
    }
  }
}
