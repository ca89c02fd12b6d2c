package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import io.openlineage.client.transports.TransportConfig;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The agent's configuration, resolved once from Spark configuration, {@code openlineage.yml} and
 * the environment by {@link ConfigLoader}. Immutable; nothing outside {@code config/} reads {@code
 * SparkConf}.
 *
 * @param disabled {@code spark.openlineage.disabled}: the agent does nothing
 * @param namespace {@code spark.openlineage.namespace}: namespace of every job the agent emits
 *     ({@code default})
 * @param appName {@code spark.openlineage.appName}: replaces {@code spark.app.name} in job names
 * @param jobNameStyle {@code spark.openlineage.jobName.style}: Headwater's job names or the
 *     OpenLineage Spark integration's
 * @param parent {@code spark.openlineage.parentJobNamespace|parentJobName|parentRunId}: the
 *     external run the application run belongs to; present only when all three are set
 * @param transport the OpenLineage client's transport configuration ({@code
 *     spark.openlineage.transport.*})
 * @param disabledFacets names of facets removed from every event ({@code
 *     spark.openlineage.facets.<name>.disabled})
 * @param customEnvironmentVariables environment variables the application run's {@code
 *     environment-properties} facet carries ({@code
 *     spark.openlineage.facets.custom_environment_variables})
 * @param capturedProperties Spark properties every run carries in {@code spark_properties} ({@code
 *     spark.openlineage.capturedProperties})
 * @param columnLineage how the {@code columnLineage} facet is built
 * @param runIdleTimeout how long a run may go without any Spark event before it is forgotten
 *     ({@code spark.openlineage.run.idleTimeoutMinutes})
 * @param applicationServer {@code spark.openlineage.application.server}: whether the driver is a
 *     long-running server whose usual end is a signal; empty when the agent is to detect it
 * @param applicationLineage the application run's own datasets and composed column lineage, off by
 *     default ({@link ApplicationLineageSettings})
 * @param emit how events are queued and delivered
 * @param metadata tags, owners and the static-lineage switch ({@link MetadataSettings})
 * @param optInFacets the {@code spark.logicalPlan} and {@code debug} run facets, off by default
 *     ({@link OptInFacets})
 * @param settings every resolved setting as text, by its dotted path below {@code
 *     spark.openlineage.} (e.g. {@code transport.type}), for extensions ({@code
 *     api.AgentConfiguration})
 * @param redaction what must not leave the process ({@link Redaction})
 * @param warnings settings that were ignored (unknown keys), one message each, to be logged once
 * @param compat the OpenLineage Spark integration's options Headwater honours ({@link
 *     CompatOptions})
 */
@Internal
public record HeadwaterConfig(
    boolean disabled,
    String namespace,
    Optional<String> appName,
    JobNameStyle jobNameStyle,
    Optional<ParentJob> parent,
    TransportConfig transport,
    Set<String> disabledFacets,
    java.util.List<String> customEnvironmentVariables,
    java.util.List<String> capturedProperties,
    ColumnLineageSettings columnLineage,
    Duration runIdleTimeout,
    Optional<Boolean> applicationServer,
    ApplicationLineageSettings applicationLineage,
    EmitSettings emit,
    MetadataSettings metadata,
    OptInFacets optInFacets,
    java.util.Map<String, String> settings,
    Redaction redaction,
    java.util.List<String> warnings,
    CompatOptions compat) {

  public HeadwaterConfig {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(appName, "appName");
    Objects.requireNonNull(jobNameStyle, "jobNameStyle");
    Objects.requireNonNull(parent, "parent");
    Objects.requireNonNull(transport, "transport");
    disabledFacets = Set.copyOf(disabledFacets);
    customEnvironmentVariables = java.util.List.copyOf(customEnvironmentVariables);
    capturedProperties = java.util.List.copyOf(capturedProperties);
    Objects.requireNonNull(columnLineage, "columnLineage");
    Objects.requireNonNull(runIdleTimeout, "runIdleTimeout");
    Objects.requireNonNull(applicationServer, "applicationServer");
    Objects.requireNonNull(applicationLineage, "applicationLineage");
    Objects.requireNonNull(emit, "emit");
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(optInFacets, "optInFacets");
    settings = java.util.Map.copyOf(settings);
    Objects.requireNonNull(redaction, "redaction");
    warnings = java.util.List.copyOf(warnings);
    Objects.requireNonNull(compat, "compat");
  }

  /**
   * Column-lineage settings, with the OpenLineage Spark integration's keys and defaults.
   *
   * @param datasetLineageEnabled {@code spark.openlineage.columnLineage.datasetLineageEnabled}
   * @param schemaSizeLimit {@code spark.openlineage.columnLineage.schemaSizeLimit}: output fields
   *     above which the facet is skipped
   * @param timeBudget {@code spark.openlineage.columnLineage.timeBudgetMillis}: the longest one
   *     output's facet may take to build before it is dropped
   * @param descriptionsEnabled {@code spark.openlineage.columnLineage.descriptionsEnabled}: each
   *     transformation carries the SQL text of what made it (off by default, as in the OpenLineage
   *     Spark integration)
   */
  public record ColumnLineageSettings(
      boolean datasetLineageEnabled,
      int schemaSizeLimit,
      Duration timeBudget,
      boolean descriptionsEnabled) {
    /** The settings without descriptions. */
    public ColumnLineageSettings(
        boolean datasetLineageEnabled, int schemaSizeLimit, Duration timeBudget) {
      this(datasetLineageEnabled, schemaSizeLimit, timeBudget, false);
    }
  }

  /**
   * An external parent run: the job that launched this Spark application (for example an Airflow
   * task).
   */
  public record ParentJob(String namespace, String name, UUID runId) {
    public ParentJob {
      Objects.requireNonNull(namespace, "namespace");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(runId, "runId");
    }
  }

  /**
   * Delivery settings (Headwater's own keys, under {@code spark.openlineage.emit.}).
   *
   * @param queueCapacity events waiting for delivery before new ones are dropped (and counted)
   * @param closeTimeout the longest application end waits for queued events to be delivered (or
   *     spooled)
   * @param retry retries of deliveries
   * @param spool where undeliverable events are kept
   * @param maxEventBytes the largest event (bytes of its JSON) a destination is sent ({@code
   *     emit.maxEventBytes}); empty: the transport's own limit, if it has one
   */
  public record EmitSettings(
      int queueCapacity,
      Duration closeTimeout,
      RetrySettings retry,
      SpoolSettings spool,
      Optional<Long> maxEventBytes) {
    public EmitSettings {
      Objects.requireNonNull(closeTimeout, "closeTimeout");
      Objects.requireNonNull(retry, "retry");
      Objects.requireNonNull(spool, "spool");
      Objects.requireNonNull(maxEventBytes, "maxEventBytes");
    }

    /** Settings without an event size budget of their own. */
    public EmitSettings(
        int queueCapacity, Duration closeTimeout, RetrySettings retry, SpoolSettings spool) {
      this(queueCapacity, closeTimeout, retry, spool, Optional.empty());
    }
  }

  /**
   * The spool ({@code spark.openlineage.spool.*}).
   *
   * @param enabled false: undeliverable events are dropped (counted) instead
   * @param dir the spool's root directory (absolute; one subdirectory per destination)
   * @param maxBytes the most one destination's spool may hold on disk
   */
  public record SpoolSettings(boolean enabled, java.nio.file.Path dir, long maxBytes) {
    public SpoolSettings {
      Objects.requireNonNull(dir, "dir");
    }
  }

  /**
   * Exponential backoff for delivery: attempt {@code n} (from 1) waits {@code min(initialBackoff *
   * 2^(n-1), maxBackoff)} before the next one, unless the endpoint's {@code Retry-After} says
   * otherwise (at most {@code maxRetryAfter}).
   *
   * @param maxAttempts attempts in all, including the first (1 means no retry)
   * @param initialBackoff the wait after the first failed attempt
   * @param maxBackoff the longest single backoff; also the interval between probes of an endpoint
   *     known to be down
   * @param maxRetryAfter the longest {@code Retry-After} honoured
   */
  public record RetrySettings(
      int maxAttempts, Duration initialBackoff, Duration maxBackoff, Duration maxRetryAfter) {
    public RetrySettings {
      Objects.requireNonNull(initialBackoff, "initialBackoff");
      Objects.requireNonNull(maxBackoff, "maxBackoff");
      Objects.requireNonNull(maxRetryAfter, "maxRetryAfter");
    }

    /** The wait after failed attempt {@code attempt} (1-based). */
    public Duration backoffAfter(int attempt) {
      long millis = initialBackoff.toMillis();
      for (int i = 1; i < attempt && millis < maxBackoff.toMillis(); i++) {
        millis *= 2;
      }
      return Duration.ofMillis(Math.min(millis, maxBackoff.toMillis()));
    }
  }
}
