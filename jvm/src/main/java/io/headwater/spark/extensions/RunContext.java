package io.headwater.spark.extensions;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.AgentConfiguration;
import io.headwater.spark.api.DatasetFactory;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.config.HeadwaterConfig;
import io.openlineage.client.OpenLineage;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * The agent's {@link OpenLineageContext}: the run being built, as extensions see it.
 *
 * @param sparkContext the application's Spark context, or null (see {@link
 *     OpenLineageContext#sparkContext()})
 * @param configuration the agent's configuration, as {@link AgentConfiguration}
 */
@Internal
public record RunContext(
    OpenLineage openLineage,
    SparkContext sparkContext,
    Optional<SparkSession> sparkSession,
    UUID applicationRunId,
    UUID runId,
    Optional<QueryExecution> queryExecution,
    DatasetFactory datasetFactory,
    AgentConfiguration configuration)
    implements OpenLineageContext {
  public RunContext {
    Objects.requireNonNull(openLineage, "openLineage");
    Objects.requireNonNull(sparkSession, "sparkSession");
    Objects.requireNonNull(applicationRunId, "applicationRunId");
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(queryExecution, "queryExecution");
    Objects.requireNonNull(datasetFactory, "datasetFactory");
    Objects.requireNonNull(configuration, "configuration");
  }

  /** The {@link AgentConfiguration} of a resolved {@link HeadwaterConfig}. */
  public static AgentConfiguration configurationOf(HeadwaterConfig config) {
    return new AgentConfiguration() {
      @Override
      public String namespace() {
        return config.namespace();
      }

      @Override
      public Optional<String> get(String key) {
        return Optional.ofNullable(config.settings().get(key));
      }

      @Override
      public String toString() {
        return "AgentConfiguration{namespace=" + config.namespace() + "}";
      }
    };
  }
}
