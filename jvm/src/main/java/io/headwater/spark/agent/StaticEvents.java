package io.headwater.spark.agent;

import io.headwater.spark.config.ConfigKeys;
import io.headwater.spark.config.MetadataSettings;
import io.headwater.spark.reading.ExecutionLineage;
import io.headwater.spark.reading.MetadataOnlyCommands;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The static-lineage events of the OpenLineage spec 2-0-2 (the "RunEvent-less metadata emission"
 * proposal): a {@code DatasetEvent} carries a dataset's metadata outside any run, a {@code
 * JobEvent} a job's declared inputs and outputs without running it. Used for metadata-only DDL
 * ({@link MetadataOnlyCommands}) and by the Python API.
 */
final class StaticEvents {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(StaticEvents.class);
  private static final java.util.Set<String> REPORTED =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  /** How an execution is reported. */
  enum Kind {
    /** A run: START and a terminal event. */
    NONE,
    /** One DatasetEvent per output, after the DDL succeeded. */
    DATASET_EVENTS,
    /** One JobEvent: a view definition. */
    JOB_EVENT,
    /**
     * No event: a temporary view definition (not a dataset; the OpenLineage Spark integration skips
     * it too).
     */
    NOTHING
  }

  private final OpenLineage openLineage;
  private final RunEventFactory runs;

  StaticEvents(OpenLineage openLineage, RunEventFactory runs) {
    this.openLineage = openLineage;
    this.runs = runs;
  }

  /**
   * The DDL mode of a session: {@code spark.openlineage.staticLineage.ddl} from its runtime
   * configuration ({@code spark.conf.set(...)}, which also shows the Spark configuration), else
   * {@code configured}. An unusable session value is logged once and ignored.
   */
  static MetadataSettings.DdlEvents mode(
      SparkSession session, MetadataSettings.DdlEvents configured) {
    String value = session.conf().get(ConfigKeys.STATIC_LINEAGE_DDL.sparkKey(), null);
    if (value == null || value.isBlank()) {
      return configured;
    }
    try {
      return MetadataSettings.DdlEvents.parse(value);
    } catch (IllegalArgumentException e) {
      if (REPORTED.add(value)) {
        LOG.warn(
            "Headwater: session setting {} ignored: {}",
            ConfigKeys.STATIC_LINEAGE_DDL.sparkKey(),
            e.getMessage());
      }
      return configured;
    }
  }

  /** How an execution whose optimized plan is {@code root} is reported under {@code mode}. */
  static Kind kindOf(LogicalPlan root, MetadataSettings.DdlEvents mode) {
    if (MetadataOnlyCommands.isTemporaryViewDefinition(root)) {
      return Kind.NOTHING;
    }
    if (mode == MetadataSettings.DdlEvents.RUN_EVENT) {
      return Kind.NONE;
    }
    if (MetadataOnlyCommands.isTableMetadataChange(root)) {
      return Kind.DATASET_EVENTS;
    }
    return MetadataOnlyCommands.isViewDefinition(root) ? Kind.JOB_EVENT : Kind.NONE;
  }

  /** A DatasetEvent for {@code dataset}'s namespace, name and dataset facets. */
  OpenLineage.DatasetEvent datasetEvent(long timeMillis, OpenLineage.Dataset dataset) {
    return openLineage
        .newDatasetEventBuilder()
        .eventTime(RunEventFactory.time(timeMillis))
        .dataset(
            openLineage.newStaticDataset(
                dataset.getNamespace(), dataset.getName(), dataset.getFacets()))
        .build();
  }

  /**
   * A JobEvent: the job {@code namespace}/{@code name} with its job facets ({@code jobType} {@code
   * jobType}/BATCH/SPARK, {@code sql} when given, the user's tags and owners), {@code lineage}'s
   * inputs and outputs.
   *
   * @param extraFacets more job facets by name (e.g. from the Python API), added last
   */
  OpenLineage.JobEvent jobEvent(
      long timeMillis,
      String namespace,
      String name,
      String jobType,
      List<OpenLineage.InputDataset> inputs,
      List<OpenLineage.OutputDataset> outputs,
      Optional<String> sql,
      LocalPropertyTags.Snapshot localTags) {
    return openLineage
        .newJobEventBuilder()
        .eventTime(RunEventFactory.time(timeMillis))
        .job(runs.job(namespace, name, jobType, "BATCH", sql, localTags))
        .inputs(inputs)
        .outputs(outputs)
        .build();
  }

  /** {@link #jobEvent} of an execution's lineage. */
  OpenLineage.JobEvent jobEvent(
      long timeMillis,
      String namespace,
      String name,
      ExecutionLineage lineage,
      Optional<String> sql,
      LocalPropertyTags.Snapshot tags) {
    return jobEvent(
        timeMillis, namespace, name, "VIEW", lineage.inputs(), lineage.outputs(), sql, tags);
  }
}
