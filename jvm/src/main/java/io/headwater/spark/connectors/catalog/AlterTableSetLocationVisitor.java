package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.naming.FileDatasetNames;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import io.openlineage.client.utils.DatasetIdentifier;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.command.AlterTableSetLocationCommand;

/**
 * {@code ALTER TABLE t [PARTITION (...)] SET LOCATION 'path'} on a session-catalog table: one
 * output, the table, lifecycle ALTER.
 *
 * <pre>
 *   AlterTableSetLocationCommand(tableName, partitionSpec = None, location)
 *     -> the table at its new location (named by location), symlink db.table; schema = the table's; lifecycle ALTER
 *   AlterTableSetLocationCommand(tableName, partitionSpec = Some(spec), location)
 *     -> the table at its own location (one partition moved); otherwise the same
 * </pre>
 *
 * Job-name suffix: {@code db_table}.
 */
@Internal
public final class AlterTableSetLocationVisitor
    extends QueryPlanVisitor<AlterTableSetLocationCommand, OpenLineage.OutputDataset> {
  private final SessionTableChanges tables;

  public AlterTableSetLocationVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new SessionTableChanges(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(AlterTableSetLocationCommand node) {
    DatasetIdentifier id = tables.identity(node.tableName());
    if (node.partitionSpec().isEmpty()) {
      DatasetIdentifier moved = FileDatasetNames.of(URI.create(node.location()));
      id = new DatasetIdentifier(moved.getName(), moved.getNamespace(), id.getSymlinks());
    }
    return tables.output(id, tables.schema(node.tableName()), LifecycleStateChange.ALTER);
  }

  @Override
  public Optional<String> jobNameSuffix(AlterTableSetLocationCommand node) {
    return tables.jobNameSuffix(node.tableName());
  }
}
