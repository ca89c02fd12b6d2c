package io.headwater.spark.extensions;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.AgentConfiguration;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.facets.CatalogMetadata;
import io.headwater.spark.facets.StandardDatasetFactory;
import io.headwater.spark.facets.TableMetadata;
import io.openlineage.client.OpenLineage;
import java.util.Optional;
import java.util.UUID;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkContext$;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * Makes the {@link OpenLineageContext} of a run: the session is the query execution's, else the
 * thread's active session, else the default one; table datasets get their catalog metadata (tags,
 * owner, comment) through {@link CatalogMetadata}, one look-up per table per context.
 */
@Internal
public final class RunContexts {
  private final OpenLineage openLineage;
  private final AgentConfiguration configuration;
  private final UUID applicationRunId;

  /**
   * @param applicationRunId the application run every context names as the parent
   */
  public RunContexts(OpenLineage openLineage, HeadwaterConfig config, UUID applicationRunId) {
    this.openLineage = openLineage;
    this.configuration = RunContext.configurationOf(config);
    this.applicationRunId = applicationRunId;
  }

  /** The context of run {@code runId}, reading {@code queryExecution} (null for none). */
  public OpenLineageContext of(UUID runId, QueryExecution queryExecution) {
    Optional<QueryExecution> execution = Optional.ofNullable(queryExecution);
    Optional<SparkSession> session =
        execution
            .<SparkSession>map(QueryExecution::sparkSession)
            .or(() -> ScalaCollections.asJava(SparkSession.getActiveSession()))
            .or(() -> ScalaCollections.asJava(SparkSession.getDefaultSession()));
    return of(runId, session, execution);
  }

  /** The context of run {@code runId} in {@code session}, reading {@code queryExecution}. */
  public OpenLineageContext of(
      UUID runId, Optional<SparkSession> session, Optional<QueryExecution> queryExecution) {
    SparkContext sparkContext =
        session
            .map(SparkSession::sparkContext)
            .orElseGet(
                () -> ScalaCollections.asJava(SparkContext$.MODULE$.getActive()).orElse(null));
    StandardDatasetFactory datasets =
        new StandardDatasetFactory(
            openLineage,
            session
                .<TableMetadata.Source>map(CatalogMetadata::new)
                .orElse(TableMetadata.Source.NONE));
    return new RunContext(
        openLineage,
        sparkContext,
        session,
        applicationRunId,
        runId,
        queryExecution,
        datasets,
        configuration);
  }
}
