package io.headwater.spark.connectors.hive;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.connectors.catalog.CreateTableAsSelectVisitor;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.naming.CatalogTables;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.hive.execution.CreateHiveTableAsSelectCommand;
import org.apache.spark.sql.hive.execution.InsertIntoHiveTable;

/**
 * Writes to Hive tables (registered only when Spark's Hive module is present, see {@link
 * HiveSupport}).
 *
 * <pre>
 *   InsertIntoHiveTable(table, partition, query, overwrite)        INSERT INTO/OVERWRITE a Hive table
 *     -> the table, schema of the query under the written names; OVERWRITE when overwrite
 *   CreateHiveTableAsSelectCommand(tableDesc, query, mode)           CREATE TABLE t STORED AS fmt AS SELECT
 *     -> the table; CREATE (ErrorIfExists) or OVERWRITE
 * </pre>
 *
 * Job-name suffix: {@code db_table}.
 */
public final class HiveWriteVisitor
    extends QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> {
  public HiveWriteVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof InsertIntoHiveTable || node instanceof CreateHiveTableAsSelectCommand;
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(LogicalPlan node) {
    CatalogTables tables = TableDatasets.catalog(context);
    if (node instanceof InsertIntoHiveTable insert) {
      return TableDatasets.output(
          context,
          tables.identify(insert.table()),
          TableDatasets.writtenSchema(insert.query().schema(), insert.outputColumnNames()),
          insert.overwrite() ? LifecycleStateChange.OVERWRITE : null);
    }
    CreateHiveTableAsSelectCommand ctas = (CreateHiveTableAsSelectCommand) node;
    return TableDatasets.output(
        context,
        tables.identify(ctas.tableDesc()),
        TableDatasets.writtenSchema(ctas.query().schema(), ctas.outputColumnNames()),
        CreateTableAsSelectVisitor.lifecycle(ctas.mode()));
  }

  @Override
  public Optional<String> jobNameSuffix(LogicalPlan node) {
    CatalogTable table =
        node instanceof InsertIntoHiveTable insert
            ? insert.table()
            : ((CreateHiveTableAsSelectCommand) node).tableDesc();
    return Optional.of(TableDatasets.catalog(context).jobNameSuffix(table.identifier()));
  }
}
