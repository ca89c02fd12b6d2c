package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.command.TruncateTableCommand;

/**
 * {@code TRUNCATE TABLE t} on a session-catalog table: one output, the table, lifecycle TRUNCATE.
 *
 * <pre>
 *   TruncateTableCommand(tableName, partitionSpec)
 *     -> the table (location, symlink db.table); schema = the table's in the catalog; lifecycle TRUNCATE
 * </pre>
 *
 * Job-name suffix: {@code db_table}.
 */
@Internal
public final class TruncateTableVisitor
    extends QueryPlanVisitor<TruncateTableCommand, OpenLineage.OutputDataset> {
  private final SessionTableChanges tables;

  public TruncateTableVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new SessionTableChanges(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(TruncateTableCommand node) {
    return tables.changed(node.tableName(), LifecycleStateChange.TRUNCATE);
  }

  @Override
  public Optional<String> jobNameSuffix(TruncateTableCommand node) {
    return tables.jobNameSuffix(node.tableName());
  }
}
