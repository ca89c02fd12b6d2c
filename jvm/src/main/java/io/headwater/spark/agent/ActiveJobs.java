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

  /** The active job with this id, or null when there is no active SparkContext or the job has already ended. */
  static ActiveJob find(int jobId) {
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
  }
}
