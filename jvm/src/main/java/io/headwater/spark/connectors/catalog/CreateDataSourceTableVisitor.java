package io.headwater.spark.connectors.catalog;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.command.CreateDataSourceTableCommand;

/**
 * A session-catalog table of a V1 source created without data, {@code CREATE TABLE t (...) USING
 * fmt}.
 *
 * <pre>
 *   CreateDataSourceTableCommand(table, ignoreIfExists)
 *     -> the table (location or default path, symlink db.table) with its declared schema; lifecycle CREATE
 * </pre>
 *
 * Job-name suffix: {@code db_table}.
 */
public final class CreateDataSourceTableVisitor
    extends QueryPlanVisitor<CreateDataSourceTableCommand, OpenLineage.OutputDataset> {
  private final CatalogTableOutputs tables;

  public CreateDataSourceTableVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new CatalogTableOutputs(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(CreateDataSourceTableCommand node) {
    return tables.output(node.table(), node.table().schema(), LifecycleStateChange.CREATE);
  }

  @Override
  public Optional<String> jobNameSuffix(CreateDataSourceTableCommand node) {
    return tables.jobNameSuffix(node.table());
  }
}
