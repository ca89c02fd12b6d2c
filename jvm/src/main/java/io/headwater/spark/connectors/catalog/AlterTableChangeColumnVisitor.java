package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.command.AlterTableChangeColumnCommand;

/**
 * {@code ALTER TABLE t ALTER COLUMN c COMMENT '...'} (and the other column changes Spark plans as
 * this V1 command) on a session-catalog table: one output, the table, lifecycle ALTER.
 *
 * <pre>
 *   AlterTableChangeColumnCommand(tableName, columnName, newColumn)
 *     -> the table (location, symlink db.table); schema = the table's in the catalog; lifecycle ALTER
 * </pre>
 *
 * Job-name suffix: {@code db_table}.
 */
@Internal
public final class AlterTableChangeColumnVisitor
    extends QueryPlanVisitor<AlterTableChangeColumnCommand, OpenLineage.OutputDataset> {
  private final SessionTableChanges tables;

  public AlterTableChangeColumnVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new SessionTableChanges(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(AlterTableChangeColumnCommand node) {
    return tables.changed(node.tableName(), LifecycleStateChange.ALTER);
  }

  @Override
  public Optional<String> jobNameSuffix(AlterTableChangeColumnCommand node) {
    return tables.jobNameSuffix(node.tableName());
  }
}
