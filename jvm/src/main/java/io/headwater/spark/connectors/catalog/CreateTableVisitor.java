package io.headwater.spark.connectors.catalog;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.TableDatasets;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.command.CreateDataSourceTableCommand;
import org.apache.spark.sql.execution.command.CreateTableCommand;

/**
 * A session-catalog or Hive table created without data.
 *
 * <pre>
 *   CreateDataSourceTableCommand(table)   CREATE TABLE t (...) USING fmt
 *   CreateTableCommand(table)             CREATE TABLE t (...) STORED AS fmt (Hive)
 *     -> the table with its declared schema; lifecycle CREATE
 * </pre>
 */
public final class CreateTableVisitor
    extends QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> {
  public CreateTableVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof CreateDataSourceTableCommand || node instanceof CreateTableCommand;
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(LogicalPlan node) {
    CatalogTable table = table(node);
    return TableDatasets.output(
        context,
        TableDatasets.catalog(context).identify(table),
        table.schema(),
        LifecycleStateChange.CREATE);
  }

  @Override
  public Optional<String> jobNameSuffix(LogicalPlan node) {
    return Optional.of(TableDatasets.catalog(context).jobNameSuffix(table(node).identifier()));
  }

  private static CatalogTable table(LogicalPlan node) {
    return node instanceof CreateDataSourceTableCommand create
        ? create.table()
        : ((CreateTableCommand) node).table();
  }
}
