package io.headwater.spark.reading;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.reading.walk.Connectors;
import org.apache.spark.sql.catalyst.plans.logical.AlterTableCommand;
import org.apache.spark.sql.catalyst.plans.logical.CreateTable;
import org.apache.spark.sql.catalyst.plans.logical.DropTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.command.AlterTableAddColumnsCommand;
import org.apache.spark.sql.execution.command.AlterTableChangeColumnCommand;
import org.apache.spark.sql.execution.command.AlterTableRenameCommand;
import org.apache.spark.sql.execution.command.AlterTableSetLocationCommand;
import org.apache.spark.sql.execution.command.AlterTableSetPropertiesCommand;
import org.apache.spark.sql.execution.command.AlterTableUnsetPropertiesCommand;
import org.apache.spark.sql.execution.command.CreateDataSourceTableCommand;
import org.apache.spark.sql.execution.command.CreateTableCommand;

/**
 * The plan roots of DDL that changes a table's metadata without moving data, which the
 * static-lineage proposal reports as DatasetEvents rather than runs ({@code
 * spark.openlineage.staticLineage.ddl}):
 *
 * <pre>
 *   CREATE TABLE without data   CreateDataSourceTableCommand, CreateTableCommand (Hive), CreateTable (V2)
 *   ALTER TABLE                 AlterTableAddColumnsCommand, AlterTableChangeColumnCommand,
 *                               AlterTableSetPropertiesCommand / AlterTableUnsetPropertiesCommand (also COMMENT ON),
 *                               AlterTableSetLocationCommand, AlterTableRenameCommand, and the V2 AlterTableCommand
 *                               ({@code COMMENT ON TABLE}; ALTER of V2 catalog tables)
 *   DROP TABLE                  DropTable
 * </pre>
 *
 * {@code TRUNCATE}, {@code REPLACE TABLE} and CTAS remove or write data and stay runs. A persistent
 * view definition ({@code CREATE VIEW}, {@link io.headwater.spark.api.Connector#isViewDefinition})
 * is a job definition: a JobEvent.
 */
@Internal
public final class MetadataOnlyCommands {
  private MetadataOnlyCommands() {}

  /** True when {@code root} is DDL that changes only a table's metadata. */
  public static boolean isTableMetadataChange(LogicalPlan root) {
    return root instanceof CreateDataSourceTableCommand
        || root instanceof CreateTableCommand
        || root instanceof CreateTable
        || root instanceof AlterTableAddColumnsCommand
        || root instanceof AlterTableChangeColumnCommand
        || root instanceof AlterTableSetPropertiesCommand
        || root instanceof AlterTableUnsetPropertiesCommand
        || root instanceof AlterTableSetLocationCommand
        || root instanceof AlterTableRenameCommand
        || root instanceof AlterTableCommand
        || root instanceof DropTable;
  }

  /**
   * True for {@code DROP TABLE}: the table is gone after the command, so it is named as read at its
   * start.
   */
  public static boolean isDrop(LogicalPlan root) {
    return root instanceof DropTable;
  }

  /**
   * True when {@code root} defines a temporary view ({@code createOrReplaceTempView}, {@code CREATE
   * TEMP VIEW}).
   */
  public static boolean isTemporaryViewDefinition(LogicalPlan root) {
    return root instanceof org.apache.spark.sql.execution.command.CreateViewCommand view
        && !isViewDefinition(view);
  }

  /** The SQL text of a view definition's query ({@code originalText}), when Spark kept it. */
  public static java.util.Optional<String> viewText(LogicalPlan root) {
    if (root instanceof org.apache.spark.sql.execution.command.CreateViewCommand view
        && view.originalText().isDefined()) {
      return java.util.Optional.of(view.originalText().get());
    }
    return java.util.Optional.empty();
  }

  /** True when {@code root} defines a persistent view. */
  public static boolean isViewDefinition(LogicalPlan root) {
    return Connectors.any(connector -> connector.isViewDefinition(root));
  }
}
