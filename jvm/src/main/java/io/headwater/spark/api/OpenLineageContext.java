package io.headwater.spark.api;

import io.openlineage.client.OpenLineage;
import java.util.Optional;
import java.util.UUID;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * What an extension may read about the run being built: a narrow, read-only view (extensions cannot
 * change the agent's state through it). One context exists per run; visitors and builders receive
 * it when their factory creates them. The agent implements it; extensions only call it.
 *
 * <p>The {@code get...} methods are aliases with the names of the OpenLineage Spark integration's
 * context, so code written against it compiles unchanged.
 */
public interface OpenLineageContext {
  /** The OpenLineage model factory, with Headwater's producer URI. */
  OpenLineage openLineage();

  /**
   * The application's Spark context; null in unit tests that run without one, and possibly for the
   * application's start event, which can be analysed before the context is fully up.
   */
  SparkContext sparkContext();

  /** The session that ran the query, when known. */
  Optional<SparkSession> sparkSession();

  /** The run id of the application run (the parent of every execution run). */
  UUID applicationRunId();

  /** The run id of the run being built. */
  UUID runId();

  /** The query execution of a SQL run; empty for application and RDD runs. */
  Optional<QueryExecution> queryExecution();

  /** Creates input and output datasets with the standard facets attached. */
  DatasetFactory datasetFactory();

  /**
   * The agent's configuration as extensions see it: the job namespace and any {@code
   * spark.openlineage.*} setting, resolved from Spark configuration, {@code openlineage.yml} and
   * the environment ({@code docs/configuration.md}).
   */
  AgentConfiguration configuration();

  /**
   * Spark's id of the application ({@code SparkContext.applicationId()}, e.g. {@code
   * local-1700000000000}).
   */
  default Optional<String> sparkApplicationId() {
    return Optional.ofNullable(sparkContext()).map(SparkContext::applicationId);
  }

  /** Alias of {@link #openLineage()}. */
  default OpenLineage getOpenLineage() {
    return openLineage();
  }

  /** Alias of {@link #sparkContext()}, as an Optional. */
  default Optional<SparkContext> getSparkContext() {
    return Optional.ofNullable(sparkContext());
  }

  /** Alias of {@link #sparkSession()}. */
  default Optional<SparkSession> getSparkSession() {
    return sparkSession();
  }

  /** Alias of {@link #applicationRunId()}. */
  default UUID getApplicationUuid() {
    return applicationRunId();
  }

  /** Alias of {@link #runId()}. */
  default UUID getRunUuid() {
    return runId();
  }

  /** Alias of {@link #queryExecution()}. */
  default Optional<QueryExecution> getQueryExecution() {
    return queryExecution();
  }
}
