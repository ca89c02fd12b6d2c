package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.naming.JobNames;
import java.util.Objects;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart;

/**
 * The application name of a Spark Connect client, for the job names of the executions it sends.
 *
 * <p>In a Spark Connect server every client's queries run in the server's driver, under the
 * server's application name. A client's {@code SparkSession.builder.remote(...).appName("x")} sets
 * {@code spark.app.name} in that client's session on the server, and Spark tags the executions of a
 * Connect operation with {@code SparkConnect_...} job tags. So an execution carrying such a tag, in
 * a session whose {@code spark.app.name} differs from the application's, gets that name as the
 * first part of its job name, as the same query in a classic session of that name would. A name set
 * with {@code spark.openlineage.appName} stays the name of every job.
 */
@Internal
public final class ConnectClients {
  /** The prefix of the job tags Spark Connect gives its operations and sessions. */
  static final String TAG_PREFIX = "SparkConnect_";

  private final String applicationName;
  private final boolean configured;

  /**
   * @param applicationName the application's name ({@code spark.app.name} of the driver)
   * @param configured true when {@code spark.openlineage.appName} names the jobs
   */
  public ConnectClients(String applicationName, boolean configured) {
    this.applicationName = Objects.requireNonNull(applicationName, "applicationName");
    this.configured = configured;
  }

  /**
   * The normalised client application name for the job names of {@code execution}, or null when its
   * jobs keep the application's name (not a Connect client's, or no name of its own).
   *
   * @param start the execution's start event
   * @param execution its query execution
   */
  String jobNamePrefix(SparkListenerSQLExecutionStart start, QueryExecution execution) {
    if (configured
        || ScalaCollections.asJavaList(start.jobTags()).stream()
            .noneMatch(tag -> tag.startsWith(TAG_PREFIX))) {
      return null;
    }
    String name = execution.sparkSession().conf().get("spark.app.name", null);
    return name == null || name.isBlank() || name.equals(applicationName)
        ? null
        : JobNames.application(name);
  }
}
