package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.command.AlterTableSetPropertiesCommand;

/**
 * {@code ALTER TABLE t SET TBLPROPERTIES (...)} on a session-catalog table (and {@code COMMENT ON
 * TABLE} where Spark plans it as this V1 command): one output, the table, lifecycle ALTER.
 *
 * <pre>
 *   AlterTableSetPropertiesCommand(tableName, properties, isView = false)
 *     -> the table (location, symlink db.table); schema = the table's in the catalog; lifecycle ALTER
 *   AlterTableSetPropertiesCommand(viewName, properties, isView = true)     ALTER VIEW v SET TBLPROPERTIES
 *     -> not matched: a view is not a dataset
 * </pre>
 *
 * Job-name suffix: {@code db_table}.
 */
@Internal
public final class AlterTableSetPropertiesVisitor
    extends QueryPlanVisitor<AlterTableSetPropertiesCommand, OpenLineage.OutputDataset> {
  private final SessionTableChanges tables;

  public AlterTableSetPropertiesVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new SessionTableChanges(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof AlterTableSetPropertiesCommand set && !set.isView();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(AlterTableSetPropertiesCommand node) {
    return tables.changed(node.tableName(), LifecycleStateChange.ALTER);
  }

  @Override
  public Optional<String> jobNameSuffix(AlterTableSetPropertiesCommand node) {
    return tables.jobNameSuffix(node.tableName());
  }
}
