package io.headwater.spark.reading;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.MetadataSettings;
import io.headwater.spark.reading.walk.ConnectorRegistry;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * How an execution is reported under the static-lineage proposal ({@code
 * spark.openlineage.staticLineage.ddl}): as a run, or — for DDL that changes only metadata — as
 * DatasetEvents or a JobEvent. Decided from the plan's root alone, as the connectors know their
 * commands ({@code Connector#changesOnlyTableMetadata}, {@code #dropsTable}, {@code
 * #isViewDefinition}, {@code #isTemporaryViewDefinition}), so it costs nothing.
 */
@Internal
public final class StaticLineage {
  private StaticLineage() {}

  /** How an execution is reported. */
  public enum Kind {
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

  /**
   * How an execution whose optimized plan is {@code root} is reported under {@code mode}.
   *
   * @param connectors asked what kind of command {@code root} is
   */
  public static Kind kindOf(
      LogicalPlan root, MetadataSettings.DdlEvents mode, ConnectorRegistry connectors) {
    if (connectors.isTemporaryViewDefinition(root)) {
      return Kind.NOTHING;
    }
    if (mode == MetadataSettings.DdlEvents.RUN_EVENT) {
      return Kind.NONE;
    }
    if (connectors.changesOnlyTableMetadata(root)) {
      return Kind.DATASET_EVENTS;
    }
    return connectors.isViewDefinition(root) ? Kind.JOB_EVENT : Kind.NONE;
  }

  /**
   * True when the lineage of an execution of this kind is read once its command has run, so the
   * static events show the catalog's new state; false when it is read at the start (runs, and a
   * {@code DROP TABLE}, whose table is gone afterwards) or never (nothing is emitted).
   *
   * @param connectors asked whether {@code root} drops a table
   */
  public static boolean readAtEnd(Kind kind, LogicalPlan root, ConnectorRegistry connectors) {
    return (kind == Kind.DATASET_EVENTS || kind == Kind.JOB_EVENT) && !connectors.dropsTable(root);
  }
}
