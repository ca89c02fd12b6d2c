package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.command.AlterTableUnsetPropertiesCommand;

/**
 * {@code ALTER TABLE t UNSET TBLPROPERTIES (...)} on a session-catalog table: one output, the
 * table, lifecycle ALTER.
 *
 * <pre>
 *   AlterTableUnsetPropertiesCommand(tableName, propKeys, ifExists, isView = false)
 *     -> the table (location, symlink db.table); schema = the table's in the catalog; lifecycle ALTER
 *   AlterTableUnsetPropertiesCommand(viewName, propKeys, ifExists, isView = true)     ALTER VIEW v UNSET TBLPROPERTIES
 *     -> not matched: a view is not a dataset
 * </pre>
 *
 * Job-name suffix: {@code db_table}.
 */
@Internal
public final class AlterTableUnsetPropertiesVisitor
    extends QueryPlanVisitor<AlterTableUnsetPropertiesCommand, OpenLineage.OutputDataset> {
  private final SessionTableChanges tables;

  public AlterTableUnsetPropertiesVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new SessionTableChanges(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof AlterTableUnsetPropertiesCommand unset && !unset.isView();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(AlterTableUnsetPropertiesCommand node) {
    return tables.changed(node.tableName(), LifecycleStateChange.ALTER);
  }

  @Override
  public Optional<String> jobNameSuffix(AlterTableUnsetPropertiesCommand node) {
    return tables.jobNameSuffix(node.tableName());
  }
}
