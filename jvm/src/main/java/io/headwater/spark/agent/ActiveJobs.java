package io.headwater.spark.agent;

import java.util.Properties;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkContext$;
import org.apache.spark.scheduler.ActiveJob;
import org.apache.spark.scheduler.DAGScheduler;
import scala.Option;

/**
 * Finds the scheduler's {@link ActiveJob} of a Spark job, the only place that holds the job's RDDs and task
 * function (a {@code SparkListenerJobStart} carries stage infos and properties, not RDDs). The lookup is one hash-map
 * read, done on the listener-bus thread when the job's start arrives: the DAGScheduler forgets the job when it
 * ends, so it is read as early as possible and the object handed to the analysis thread. A job that already ended
 * before its start event was delivered (the bus was far behind) is not found: it gets no run.
 */
final class ActiveJobs {
  /** The local property Spark sets on every job that runs for a SQL execution. */
  static final String SQL_EXECUTION_ID = "spark.sql.execution.id";

  private ActiveJobs() {}

  /** True for a job that does not run inside a SQL execution: an RDD job. */
  static boolean isRddJob(Properties jobProperties) {
    return jobProperties == null || jobProperties.getProperty(SQL_EXECUTION_ID) == null;
  }

  /**
   * The active job with this id, or null when there is no active SparkContext, the job has already ended, or the
   * scheduler's map could not be read (it belongs to the scheduler's thread; a read racing with its update may fail,
   * and then the job gets no run rather than an error on the listener bus).
   */
  static ActiveJob find(int jobId) {
    try {
      Option<SparkContext> context = SparkContext$.MODULE$.getActive();
      if (context.isEmpty()) {
        return null;
      }
      DAGScheduler scheduler = context.get().dagScheduler();
      if (scheduler == null) {
        return null;
      }
      Option<ActiveJob> job = scheduler.jobIdToActiveJob().get(Integer.valueOf(jobId));
      return job.isDefined() ? job.get() : null;
    } catch (RuntimeException raced) {
      return null;
    }
  }
}
