package io.headwater.spark.rdd;

import io.headwater.spark.annotation.Internal;
import java.util.Properties;
import org.apache.spark.scheduler.ActiveJob;

/**
 * Tells an RDD job (a Spark job run outside any SQL execution, such as {@code
 * rdd.saveAsTextFile(...)}) from a job that a SQL execution runs: Spark sets the local property
 * {@value #SQL_EXECUTION_ID} on every job of a SQL execution ({@code
 * SQLExecution.EXECUTION_ID_KEY}) and on no other.
 */
@Internal
public final class RddJobs {
  /** The local property Spark sets on every job that runs for a SQL execution. */
  public static final String SQL_EXECUTION_ID = "spark.sql.execution.id";

  private RddJobs() {}

  /**
   * True for a job that runs outside any SQL execution.
   *
   * @param jobProperties a job's local properties ({@code SparkListenerJobStart.properties()}), or
   *     null for none
   */
  public static boolean isRddJob(Properties jobProperties) {
    return jobProperties == null || jobProperties.getProperty(SQL_EXECUTION_ID) == null;
  }

  /** True for the scheduler's job of an RDD job. */
  public static boolean isRddJob(ActiveJob job) {
    return isRddJob(job.properties());
  }
}
