package io.headwater.spark.agent.jobs;

import org.apache.spark.SparkContext;
import org.apache.spark.SparkContext$;
import org.apache.spark.scheduler.ActiveJob;
import scala.Option;

/**
 * Captures a job's {@code ActiveJob} (its final stage, RDD graph and task function) on the listener
 * bus, in O(1): one look-up in the scheduler's map of running jobs. A {@code SparkListenerJobStart}
 * carries stage infos and properties, not RDDs, and the scheduler forgets a job when it ends, which
 * can be before the listener bus delivers the job's start: such a job has no ActiveJob (builders
 * see the listener events only; an RDD job gets no run). Never throws.
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
      if (context == null || context.dagScheduler() == null) {
        return null;
      }
      Option<ActiveJob> job = context.dagScheduler().jobIdToActiveJob().get(jobId);
      return job.isDefined() ? job.get() : null;
    } catch (RuntimeException e) {
      return null; // the scheduler's map changed under us (it belongs to the scheduler's thread):
      // no ActiveJob
    }
  }
}
