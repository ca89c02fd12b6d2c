package io.headwater.spark;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.config.ConfigLoader;
import io.headwater.spark.config.ConfigSources;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.extensions.RunContext;
import io.headwater.spark.facets.StandardDatasetFactory;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Contexts for unit tests that run visitors and builders without a Spark application. */
public final class TestContexts {
  private TestContexts() {}

  /** The configuration of a driver with only a console transport set (everything else default). */
  public static HeadwaterConfig defaultConfig() {
    return ConfigLoader.load(
        new ConfigSources(
            Map.of("spark.openlineage.transport.type", "console"), Map.of(), List.of()));
  }

  /** A context with no Spark context, session or query execution, and fresh run ids. */
  public static OpenLineageContext withoutSpark(OpenLineage openLineage) {
    return new RunContext(
        openLineage,
        null,
        Optional.empty(),
        UUID.randomUUID(),
        UUID.randomUUID(),
        Optional.empty(),
        new StandardDatasetFactory(openLineage),
        RunContext.configurationOf(defaultConfig()));
  }
}
