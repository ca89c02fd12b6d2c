package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Keys of the OpenLineage Spark integration that Headwater honours with that integration's
 * semantics and that {@link ConfigKeys} does not declare: the root of the run hierarchy (what
 * Airflow's OpenLineage provider passes), the application run's id, the dataset-name rules, the
 * job-name options and the node filters. Their source is openlineage-spark's Spark configuration
 * page ({@code website/docs/integrations/spark/configuration/spark_conf.md} in the OpenLineage
 * repository); {@link ConfigKeys#ALL} lists them with the rest.
 */
@Internal
public final class CompatKeys {
  /** The named group of {@link #DATASET_REMOVE_PATH_PATTERN} whose match is cut from a name. */
  public static final String REMOVE_GROUP = "remove";

  /** {@link #DATASET_IDENTITY}'s values. */
  static final String IDENTITY_LOCATION = "location";

  static final String IDENTITY_TABLE = "table";

  private CompatKeys() {}

  /**
   * Keys of the integration Headwater refuses because it has a better mechanism, each with the one
   * line it logs at start (the key is otherwise ignored).
   */
  public static final java.util.Map<String, String> REFUSED =
      java.util.Map.of(
          "timeout.buildDatasetsTimePercentage",
          "is refused: Headwater reads plans on its own thread, never on Spark's listener bus, so"
              + " there is no circuit-breaker timeout to share out; use"
              + " spark.openlineage.columnLineage.timeBudgetMillis for the one costly part",
          "timeout.facetsBuildingTimePercentage",
          "is refused: Headwater builds facets on its own thread, never on Spark's listener bus,"
              + " so there is no circuit-breaker timeout to share out; use"
              + " spark.openlineage.columnLineage.timeBudgetMillis for the one costly part");

  /**
   * {@code vendors.iceberg.metricsReporterDisabled}: Headwater installs no Iceberg metrics reporter
   * and sends no {@code icebergScanReport} or {@code icebergCommitReport} facet, so either value
   * gives what {@code true} gives in the integration; the value is still checked.
   */
  public static final ConfigKey<Boolean> VENDORS_ICEBERG_METRICS_REPORTER_DISABLED =
      ConfigKey.bool(
          "vendors.iceberg.metricsReporterDisabled",
          "Accepted: Headwater sends no Iceberg scan or commit reports, with either value.",
          true);

  /**
   * {@code dataset.identity} (Headwater's own key): {@code location}, a catalog table named by its
   * location with a {@code TABLE} symlink naming it (openlineage-spark's naming); {@code table}, by
   * its catalog identity with its location as a {@code LOCATION} symlink.
   */
  public static final ConfigKey<String> DATASET_IDENTITY =
      new ConfigKey<>(
          "dataset.identity",
          "location: a catalog table is named by its location, with a symlink naming the table (as"
              + " openlineage-spark names it); table: by the table's catalog identity (namespace"
              + " the metastore, warehouse or catalog, name db.table), with its location as a"
              + " LOCATION symlink. Headwater's own key.",
          Optional.of(IDENTITY_LOCATION),
          CompatKeys::parseIdentity);

  static String parseIdentity(String value) {
    String identity = value.trim().toLowerCase(java.util.Locale.ROOT);
    if (!identity.equals(IDENTITY_LOCATION) && !identity.equals(IDENTITY_TABLE)) {
      throw new IllegalArgumentException("must be location or table, not '" + value + "'");
    }
    return identity;
  }

  /** The settings below {@code dataset.namespaceResolvers.<name>.} the client's resolvers read. */
  static final java.util.Set<String> NAMESPACE_RESOLVER_FIELDS =
      java.util.Set.of("type", "hosts", "regex", "matchingGroup", "schema");

  public static final ConfigKey<String> ROOT_PARENT_JOB_NAMESPACE =
      ConfigKey.string(
          "rootParentJobNamespace",
          "Namespace of the root of the run hierarchy (an Airflow DAG run's job), the parent"
              + " facet's root on every run; falls back to parentJobNamespace.",
          null);

  public static final ConfigKey<String> ROOT_PARENT_JOB_NAME =
      ConfigKey.string(
          "rootParentJobName",
          "Name of the root job of the run hierarchy; falls back to parentJobName.",
          null);

  public static final ConfigKey<UUID> ROOT_PARENT_RUN_ID =
      new ConfigKey<>(
          "rootParentRunId",
          "Run id (a UUID) of the root run of the run hierarchy; falls back to parentRunId.",
          Optional.empty(),
          CompatKeys::parseUuid);

  public static final ConfigKey<UUID> APPLICATION_RUN_ID =
      new ConfigKey<>(
          "applicationRunId",
          "Run id (a UUID) of the application run, instead of a new UUIDv7; the parent of every"
              + " run of the application.",
          Optional.empty(),
          CompatKeys::parseUuid);

  public static final ConfigKey<java.util.regex.Pattern> DATASET_REMOVE_PATH_PATTERN =
      new ConfigKey<>(
          "dataset.removePath.pattern",
          "A Java regular expression with a named group remove: on its first match in a dataset"
              + " name the group's text is cut from the name (inputs, outputs, column lineage,"
              + " symlinks, RDD runs, DatasetEvents and JobEvents).",
          Optional.empty(),
          CompatKeys::parseRemovePattern);

  public static final ConfigKey<Boolean> JOB_NAME_APPEND_DATASET_NAME =
      ConfigKey.bool(
          "jobName.appendDatasetName",
          "false: job names of SQL runs end with their plan part, without the output suffix.",
          true);

  public static final ConfigKey<Boolean> JOB_NAME_REPLACE_DOT_WITH_UNDERSCORE =
      ConfigKey.bool(
          "jobName.replaceDotWithUnderscore",
          "true: dots in the plan part of a job name become underscores (as in openlineage-spark,"
              + " where the normalised plan part has none).",
          false);

  public static final ConfigKey<Boolean> FILTER_RDD_EVENTS_DISABLED =
      ConfigKey.bool(
          "filter.rddEventsDisabled", "true: Spark jobs run outside SQL get no runs.", false);

  public static final ConfigKey<List<String>> FILTER_ALLOWED_SPARK_NODES =
      new ConfigKey<>(
          "filter.allowedSparkNodes",
          "[class;class]: fully qualified classes of optimized-plan roots whose executions get"
              + " runs even where Headwater would leave them out (wins over deniedSparkNodes).",
          Optional.empty(),
          CompatKeys::parseList);

  public static final ConfigKey<List<String>> FILTER_DENIED_SPARK_NODES =
      new ConfigKey<>(
          "filter.deniedSparkNodes",
          "[class;class]: optimized-plan root classes whose executions get no runs.",
          Optional.empty(),
          CompatKeys::parseList);

  static UUID parseUuid(String value) {
    try {
      return UUID.fromString(value.trim());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + value + "' is not a UUID");
    }
  }

  /** A regular expression with the named group {@code remove}. */
  static java.util.regex.Pattern parseRemovePattern(String value) {
    java.util.regex.Pattern pattern = ConfigKey.parseRegex(value);
    if (!value.contains("(?<" + REMOVE_GROUP + ">")) {
      throw new IllegalArgumentException(
          "'" + value + "' has no named group remove, as in (.*)(?<remove>/v[0-9]+)");
    }
    return pattern;
  }

  /** {@code [a;b]} (or one item, or {@code a;b}) as a list of trimmed, non-blank items. */
  static List<String> parseList(String value) {
    String body = value.trim();
    if (body.startsWith("[") && body.endsWith("]")) {
      body = body.substring(1, body.length() - 1);
    }
    return java.util.Arrays.stream(body.split(";"))
        .map(String::trim)
        .filter(item -> !item.isEmpty())
        .toList();
  }
}
