package io.headwater.spark.api;

import io.headwater.spark.config.HeadwaterConfig;
import io.openlineage.client.OpenLineage;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * What an extension may read about the run being built: a narrow, read-only view (extensions cannot
 * change the agent's state through it). One context exists per run; visitors and builders receive
 * it when their factory creates them.
 *
 * <p>The {@code get...} methods are aliases with the names of the OpenLineage Spark integration's
 * context, so code written against it compiles unchanged.
 *
 * @param openLineage the OpenLineage model factory, with Headwater's producer URI
 * @param sparkContext the application's Spark context (null in unit tests that run without one, and
 *     possibly for the application's start event, which can be analysed before the context is fully
 *     up)
 * @param sparkSession the session that ran the query, when known
 * @param applicationRunId the run id of the application run (the parent of every execution run)
 * @param runId the run id of the run being built
 * @param queryExecution the query execution of a SQL run; empty for application and RDD runs
 * @param datasetFactory creates input and output datasets with the standard facets attached
 * @param configuration the agent's resolved configuration (Spark {@code spark.openlineage.*}
 *     settings, {@code openlineage.yml} and environment, as documented in {@code
 *     docs/configuration.md})
 */
public record OpenLineageContext(
    OpenLineage openLineage,
    SparkContext sparkContext,
    Optional<SparkSession> sparkSession,
    UUID applicationRunId,
    UUID runId,
    Optional<QueryExecution> queryExecution,
    DatasetFactory datasetFactory,
    HeadwaterConfig configuration) {
  public OpenLineageContext {
    Objects.requireNonNull(openLineage, "openLineage");
    Objects.requireNonNull(sparkSession, "sparkSession");
    Objects.requireNonNull(applicationRunId, "applicationRunId");
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(queryExecution, "queryExecution");
    Objects.requireNonNull(datasetFactory, "datasetFactory");
    Objects.requireNonNull(configuration, "configuration");
  }

  /**
   * Spark's id of the application ({@code SparkContext.applicationId()}, e.g. {@code
   * local-1700000000000}).
   */
  public Optional<String> sparkApplicationId() {
    return Optional.ofNullable(sparkContext).map(SparkContext::applicationId);
  }

  /** Alias of {@link #openLineage()}. */
  public OpenLineage getOpenLineage() {
    return openLineage;
  }

  /** Alias of {@link #sparkContext()}, as an Optional. */
  public Optional<SparkContext> getSparkContext() {
    return Optional.ofNullable(sparkContext);
  }

  /** Alias of {@link #sparkSession()}. */
  public Optional<SparkSession> getSparkSession() {
    return sparkSession;
  }

  /** Alias of {@link #applicationRunId()}. */
  public UUID getApplicationUuid() {
    return applicationRunId;
  }

  /** Alias of {@link #runId()}. */
  public UUID getRunUuid() {
    return runId;
  }

  /** Alias of {@link #queryExecution()}. */
  public Optional<QueryExecution> getQueryExecution() {
    return queryExecution;
  }
}
