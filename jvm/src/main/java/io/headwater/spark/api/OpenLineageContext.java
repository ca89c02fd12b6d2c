package io.headwater.spark.api;

import io.openlineage.client.OpenLineage;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * What an extension may read about the run being built: a narrow, read-only view (extensions cannot change the
 * agent's state through it). One context exists per run.
 *
 * @param openLineage the OpenLineage model factory, with Headwater's producer URI
 * @param sparkContext the application's Spark context
 * @param sparkSession the session that ran the query, when known
 * @param applicationRunId the run id of the application run (the parent of every execution run)
 * @param runId the run id of the run being built
 * @param queryExecution the query execution of a SQL run; empty for application and RDD runs
 * @param datasetFactory creates input and output datasets with the standard facets attached
 */
public record OpenLineageContext(
    OpenLineage openLineage,
    SparkContext sparkContext,
    Optional<SparkSession> sparkSession,
    UUID applicationRunId,
    UUID runId,
    Optional<QueryExecution> queryExecution,
    DatasetFactory datasetFactory) {
  public OpenLineageContext {
    Objects.requireNonNull(openLineage, "openLineage");
    Objects.requireNonNull(sparkSession, "sparkSession");
    Objects.requireNonNull(applicationRunId, "applicationRunId");
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(queryExecution, "queryExecution");
    Objects.requireNonNull(datasetFactory, "datasetFactory");
  }
}
