package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Every configuration key Headwater reads itself. Keys shared with the OpenLineage Spark
 * integration keep its names (so a user can switch agents without rewriting configuration);
 * Headwater's own keys live under {@code emit.}. The transport ({@code transport.*}) and facet
 * switches ({@code facets.<name>.disabled}) are read by the OpenLineage Java client's own
 * configuration types, not declared here.
 */
@Internal
public final class ConfigKeys {
  private ConfigKeys() {}

  public static final ConfigKey<Boolean> DISABLED =
      ConfigKey.bool(
          "disabled",
          "true turns the agent off: it emits nothing and does no plan analysis.",
          false);

  public static final ConfigKey<String> NAMESPACE =
      ConfigKey.string("namespace", "Namespace of every job the agent emits.", "default");

  public static final ConfigKey<String> APP_NAME =
      ConfigKey.string(
          "appName",
          "Replaces spark.app.name as the first part of job names; normalised to snake_case.",
          null);

  public static final ConfigKey<String> PARENT_JOB_NAMESPACE =
      ConfigKey.string(
          "parentJobNamespace",
          "Namespace of the external job that launched this application (with parentJobName and"
              + " parentRunId).",
          null);

  public static final ConfigKey<String> PARENT_JOB_NAME =
      ConfigKey.string(
          "parentJobName",
          "Name of the external job that launched this application (with parentJobNamespace and"
              + " parentRunId).",
          null);

  public static final ConfigKey<UUID> PARENT_RUN_ID =
      new ConfigKey<>(
          "parentRunId",
          "Run id (a UUID) of the external run that launched this application.",
          Optional.empty(),
          CompatKeys::parseUuid);

  public static final ConfigKey<List<String>> CAPTURED_PROPERTIES =
      new ConfigKey<>(
          "capturedProperties",
          "Comma-separated Spark properties whose values every run carries in the spark_properties"
              + " run facet (a value is redacted when its key or value matches"
              + " spark.redaction.regex).",
          Optional.of(List.of("spark.master", "spark.app.name")),
          value -> {
            List<String> keys = new java.util.ArrayList<>();
            for (String key : value.split(",")) {
              if (!key.isBlank()) {
                keys.add(key.trim());
              }
            }
            return List.copyOf(keys);
          });

  public static final ConfigKey<Boolean> COLUMN_LINEAGE_DATASET_LINEAGE_ENABLED =
      ConfigKey.bool(
          "columnLineage.datasetLineageEnabled",
          "true: input fields that affect every output row (filters, join keys, grouping, sorting)"
              + " go to the columnLineage facet's dataset list; false: they are added to each"
              + " output field's inputFields.",
          true);

  public static final ConfigKey<Boolean> COLUMN_LINEAGE_DESCRIPTIONS_ENABLED =
      ConfigKey.bool(
          "columnLineage.descriptionsEnabled",
          "true: every column-lineage transformation carries a description, Spark's SQL text of"
              + " what made it (sum(dep_delay) AS total_delay, INNER JOIN ON (...), GROUP BY"
              + " carrier), its literals masked as in the sql facet.",
          false);

  public static final ConfigKey<Boolean> DEBUG_SMART =
      ConfigKey.bool(
          "debug.smart",
          "true: the COMPLETE event of a SQL or RDD run that misses datasets (debug.smartMode)"
              + " carries the debug run facet, even when facets.debug.disabled is true.",
          false);

  public static final ConfigKey<OptInFacets.SmartMode> DEBUG_SMART_MODE =
      new ConfigKey<>(
          "debug.smartMode",
          "any-missing: debug.smart applies to a run with no input or no output; output-missing:"
              + " to a run with no output.",
          Optional.of(OptInFacets.SmartMode.ANY_MISSING),
          OptInFacets.SmartMode::parse);

  public static final ConfigKey<Integer> COLUMN_LINEAGE_SCHEMA_SIZE_LIMIT =
      ConfigKey.positiveInt(
          "columnLineage.schemaSizeLimit",
          "Output fields above which no columnLineage facet is built for that output.",
          1000);

  public static final ConfigKey<Integer> COLUMN_LINEAGE_TIME_BUDGET_MILLIS =
      ConfigKey.positiveInt(
          "columnLineage.timeBudgetMillis",
          "Milliseconds the columnLineage facet of one output may take to build; past it the facet"
              + " is dropped and the run carries the headwater_columnLineageSkipped facet."
              + " Headwater's own key.",
          2000);

  public static final ConfigKey<Boolean> APPLICATION_SERVER =
      new ConfigKey<>(
          "application.server",
          "true: the driver is a long-running server whose usual end is a signal (a Livy session,"
              + " a notebook platform's shared driver), so a signal while no run is open ends the"
              + " application run COMPLETE, not FAIL; false: it never counts as one. Unset: Spark"
              + " Connect and Thrift servers and Kyuubi's Spark engine are recognised by their main"
              + " class or plugin. Headwater's own key.",
          Optional.empty(),
          ConfigKey::parseBoolean);

  public static final ConfigKey<Boolean> APPLICATION_LINEAGE_ENABLED =
      ConfigKey.bool(
          "application.lineage.enabled",
          "true: the application run's COMPLETE and FAIL events carry the application's own inputs"
              + " (read, not written earlier by it), outputs, columnLineage composed through its"
              + " intermediate datasets and its failed child runs (headwater_applicationLineage)."
              + " Headwater's own key.",
          false);

  public static final ConfigKey<java.util.regex.Pattern> APPLICATION_LINEAGE_INTERMEDIATE_DATASETS =
      new ConfigKey<>(
          "application.lineage.intermediateDatasets",
          "A Java regular expression: a dataset the application wrote and then read back, whose"
              + " name it finds a match in, is left out of the application's outputs (a staging"
              + " path). Unset: every written dataset is an output. Headwater's own key.",
          Optional.empty(),
          ConfigKey::parseRegex);

  public static final ConfigKey<Integer> APPLICATION_LINEAGE_TIME_BUDGET_MILLIS =
      ConfigKey.positiveInt(
          "application.lineage.timeBudgetMillis",
          "Milliseconds the composition of the application's column lineage may take at its end;"
              + " past it, outputs not yet composed get no columnLineage facet and the facet"
              + " headwater_applicationLineage says TIME_BUDGET. Headwater's own key.",
          2000);

  public static final ConfigKey<Integer> APPLICATION_LINEAGE_SIZE_LIMIT =
      ConfigKey.positiveInt(
          "application.lineage.sizeLimit",
          "Dataset and field references the agent keeps for the application's lineage; past it,"
              + " later child runs are not composed and headwater_applicationLineage says"
              + " SIZE_LIMIT. Headwater's own key.",
          100_000);

  public static final ConfigKey<Integer> EMIT_QUEUE_CAPACITY =
      ConfigKey.positiveInt(
          "emit.queueCapacity",
          "Events waiting for delivery before new ones are dropped (each drop is counted and"
              + " logged, rate-limited).",
          1000);

  public static final ConfigKey<Integer> EMIT_CLOSE_TIMEOUT_MILLIS =
      ConfigKey.positiveInt(
          "emit.closeTimeoutMillis",
          "The longest application end waits for events to be delivered; what is not delivered"
              + " then goes to the spool (no wait at all when every destination is known to be"
              + " down).",
          10_000);

  public static final ConfigKey<Integer> EMIT_RETRY_MAX_ATTEMPTS =
      ConfigKey.positiveInt(
          "emit.retry.maxAttempts",
          "Delivery attempts per event, the first included, on transient failures (connection"
              + " errors, time-outs, HTTP 408, 429 and 5xx); after the last one the event goes to"
              + " the spool.",
          5);

  public static final ConfigKey<Integer> EMIT_RETRY_INITIAL_BACKOFF_MILLIS =
      ConfigKey.positiveInt(
          "emit.retry.initialBackoffMillis",
          "Milliseconds to wait after the first failed HTTP attempt; doubled after each further"
              + " failure.",
          200);

  public static final ConfigKey<Integer> EMIT_RETRY_MAX_BACKOFF_MILLIS =
      ConfigKey.positiveInt(
          "emit.retry.maxBackoffMillis",
          "Longest wait in milliseconds between two attempts; also how often an endpoint known to"
              + " be down is probed.",
          5_000);

  public static final ConfigKey<Integer> EMIT_RETRY_MAX_RETRY_AFTER_MILLIS =
      ConfigKey.positiveInt(
          "emit.retry.maxRetryAfterMillis",
          "Longest wait in milliseconds a Retry-After header of a 429 or 503 answer is honoured"
              + " for; a longer one is cut to this.",
          10_000);

  public static final ConfigKey<Long> EMIT_MAX_EVENT_BYTES =
      new ConfigKey<>(
          "emit.maxEventBytes",
          "The largest event, in bytes of its JSON, a destination is sent; a larger one is reduced"
              + " in the documented order until it fits, and says what was cut. Unset: none for"
              + " http, file and console (until an endpoint refuses a body as too large), the"
              + " producer's max.request.size less 1 KiB for kafka.",
          Optional.empty(),
          value -> ConfigKey.parsePositive(value, Long.MAX_VALUE));

  public static final ConfigKey<Boolean> SPOOL_ENABLED =
      ConfigKey.bool(
          "spool.enabled",
          "true: events that cannot be delivered go to the spool and are re-sent later; false:"
              + " they are dropped (counted and logged).",
          true);

  public static final ConfigKey<String> SPOOL_DIR =
      ConfigKey.string(
          "spool.dir",
          "Directory of the spool (created owner-only, 0700); one subdirectory per destination."
              + " A leading ~ is the user's home.",
          "~/.headwater/spool");

  public static final ConfigKey<Long> SPOOL_MAX_BYTES =
      ConfigKey.positiveLong(
          "spool.maxBytes",
          "Bytes the spool of one destination may hold; events that would go beyond are dropped"
              + " (counted and logged).",
          104_857_600L);

  public static final ConfigKey<java.util.regex.Pattern> REDACTION_REGEX =
      new ConfigKey<>(
          "redaction.regex",
          "A Java regular expression whose matches are replaced by *********(redacted) in every"
              + " event and log line, besides Spark's spark.redaction.regex,"
              + " spark.redaction.string.regex and spark.sql.redaction.string.regex; [a;b] gives"
              + " several.",
          Optional.empty(),
          ConfigKey::parseRegex);

  public static final ConfigKey<SqlLiterals> FACETS_SQL_LITERALS =
      new ConfigKey<>(
          "facets.sql.literals",
          "mask: every string, numeric, binary and interval literal and every comment's text in the"
              + " SQL text of the sql job facet (statements, view definitions, pipeline flows)"
              + " becomes ?, found with Spark's own SQL lexer; text it cannot read is withheld"
              + " whole. keep: the SQL text as written. Headwater's own key.",
          Optional.of(SqlLiterals.MASK),
          SqlLiterals::parse);

  /**
   * Keys below {@code spark.openlineage.extensions.<extension>.} belong to extensions: Headwater
   * does not check them (an extension reads them through {@code AgentConfiguration}).
   */
  public static final String EXTENSIONS_PREFIX = "extensions";

  public static final ConfigKey<List<io.headwater.spark.config.Tag>> JOB_TAGS =
      new ConfigKey<>(
          "job.tags",
          "Tags of every job, key:value:SOURCE;label;... (TagParser); source CONFIG when not"
              + " written. A malformed tag disables the agent with a log line naming it. The same"
              + " key as a SparkContext local property tags the jobs of that thread.",
          Optional.empty(),
          TagParser::parse);

  public static final ConfigKey<List<io.headwater.spark.config.Tag>> RUN_TAGS =
      new ConfigKey<>(
          "run.tags",
          "Tags of every run, in the syntax of job.tags. The same key as a SparkContext local"
              + " property tags the runs of that thread.",
          Optional.empty(),
          TagParser::parse);

  public static final ConfigKey<MetadataSettings.DdlEvents> STATIC_LINEAGE_DDL =
      new ConfigKey<>(
          "staticLineage.ddl",
          "dataset_event: DDL that changes metadata without moving data emits DatasetEvents (CREATE"
              + " TABLE without data, ALTER TABLE, COMMENT ON, DROP TABLE) and a view definition a"
              + " JobEvent; run_event: START/COMPLETE runs instead. Headwater's own key.",
          Optional.of(MetadataSettings.DdlEvents.DATASET_EVENT),
          MetadataSettings.DdlEvents::parse);

  public static final ConfigKey<JobNameStyle> JOB_NAME_STYLE =
      new ConfigKey<>(
          "jobName.style",
          "headwater: Headwater's stable job names (a write keeps its command's name under adaptive"
              + " execution, a catalog table's suffix is db_table); openlineage: the names the"
              + " OpenLineage Spark integration gives (adaptive_spark_plan, suffixes from table"
              + " locations, the CTAS of saveAsTable, a streaming run after its micro-batch's"
              + " plan), for teams switching agents. Headwater's own key.",
          Optional.of(JobNameStyle.HEADWATER),
          JobNameStyle::parse);

  public static final ConfigKey<String> SOURCE_CODE_FILE =
      ConfigKey.string(
          "sourceCode.file",
          "The job's code file (headwater.configure() sets it to the calling script): its text, at"
              + " most 64 KiB, goes into the sourceCode job facet of every job, its language from"
              + " the suffix. Headwater's own key.",
          null);

  public static final ConfigKey<String> PIPELINE_NAME =
      ConfigKey.string(
          "pipeline.name",
          "Name of a Spark Declarative Pipeline, the first part of its flows' job names"
              + " (<pipeline>.<flow>). Set it in the configuration section of spark-pipeline.yml"
              + " (it then applies to that pipeline only); normalised to snake_case. Headwater's"
              + " own key.",
          null);

  public static final ConfigKey<Integer> RUN_IDLE_TIMEOUT_MINUTES =
      ConfigKey.positiveInt(
          "run.idleTimeoutMinutes",
          "Minutes a SQL execution's run may go without any Spark event (its start, a job, a stage,"
              + " its end) before the agent forgets it: a run whose end Spark never reported is"
              + " then closed with ABORT, so no state is kept for it. Headwater's own key.",
          360);

  public static final ConfigPrefix JOB_OWNERS =
      new ConfigPrefix(
          "job.owners",
          "type",
          "<name> owns every job: the ownership job facet gets {name, type} (e.g."
              + " job.owners.team=flights).");

  public static final ConfigPrefix SOURCE_CODE_LOCATION =
      new ConfigPrefix(
          "sourceCodeLocation",
          "field",
          "Fields of the sourceCodeLocation job facet: type and url (required), repoUrl, path,"
              + " version, branch, tag. headwater.configure() sets them for a script in a git"
              + " checkout.");

  /** Every key family above, in documentation order. */
  public static final List<ConfigPrefix> PREFIXES = List.of(JOB_OWNERS, SOURCE_CODE_LOCATION);

  /** Every key above, in documentation order. */
  public static final List<ConfigKey<?>> ALL =
      List.of(
          DISABLED,
          NAMESPACE,
          APP_NAME,
          PARENT_JOB_NAMESPACE,
          PARENT_JOB_NAME,
          PARENT_RUN_ID,
          CompatKeys.ROOT_PARENT_JOB_NAMESPACE,
          CompatKeys.ROOT_PARENT_JOB_NAME,
          CompatKeys.ROOT_PARENT_RUN_ID,
          CompatKeys.APPLICATION_RUN_ID,
          CompatKeys.DATASET_REMOVE_PATH_PATTERN,
          CompatKeys.JOB_NAME_APPEND_DATASET_NAME,
          CompatKeys.JOB_NAME_REPLACE_DOT_WITH_UNDERSCORE,
          CompatKeys.FILTER_RDD_EVENTS_DISABLED,
          CompatKeys.FILTER_ALLOWED_SPARK_NODES,
          CompatKeys.FILTER_DENIED_SPARK_NODES,
          CompatKeys.VENDORS_ICEBERG_METRICS_REPORTER_DISABLED,
          CompatKeys.DATASET_IDENTITY,
          CAPTURED_PROPERTIES,
          COLUMN_LINEAGE_DATASET_LINEAGE_ENABLED,
          COLUMN_LINEAGE_DESCRIPTIONS_ENABLED,
          COLUMN_LINEAGE_SCHEMA_SIZE_LIMIT,
          COLUMN_LINEAGE_TIME_BUDGET_MILLIS,
          DEBUG_SMART,
          DEBUG_SMART_MODE,
          JOB_TAGS,
          RUN_TAGS,
          STATIC_LINEAGE_DDL,
          JOB_NAME_STYLE,
          SOURCE_CODE_FILE,
          PIPELINE_NAME,
          RUN_IDLE_TIMEOUT_MINUTES,
          APPLICATION_SERVER,
          APPLICATION_LINEAGE_ENABLED,
          APPLICATION_LINEAGE_INTERMEDIATE_DATASETS,
          APPLICATION_LINEAGE_TIME_BUDGET_MILLIS,
          APPLICATION_LINEAGE_SIZE_LIMIT,
          EMIT_QUEUE_CAPACITY,
          EMIT_CLOSE_TIMEOUT_MILLIS,
          EMIT_RETRY_MAX_ATTEMPTS,
          EMIT_RETRY_INITIAL_BACKOFF_MILLIS,
          EMIT_RETRY_MAX_BACKOFF_MILLIS,
          EMIT_RETRY_MAX_RETRY_AFTER_MILLIS,
          SPOOL_ENABLED,
          SPOOL_DIR,
          SPOOL_MAX_BYTES,
          EMIT_MAX_EVENT_BYTES,
          REDACTION_REGEX,
          FACETS_SQL_LITERALS);
}
