package io.headwater.spark.connectors.hive;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.tables.CatalogTableOutputs;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.hive.execution.InsertIntoHiveTable;

/**
 * A write into a Hive-format table, {@code INSERT INTO/OVERWRITE t} (and the insert a Hive CTAS
 * runs). Registered only when Spark's Hive module is present ({@link HiveSupport}).
 *
 * <pre>
 *   InsertIntoHiveTable(table, partition, query, overwrite, ifPartitionNotExists, outputColumnNames)
 *     -> the table (location, symlink db.table); schema = the query's under the written names;
 *        lifecycle OVERWRITE when overwrite
 * </pre>
 *
 * Job-name suffix: {@code db_table}.
 */
@Internal
public final class InsertIntoHiveTableVisitor
    extends QueryPlanVisitor<InsertIntoHiveTable, OpenLineage.OutputDataset> {
  private final CatalogTableOutputs tables;

  public InsertIntoHiveTableVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new CatalogTableOutputs(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(InsertIntoHiveTable node) {
    return tables.output(
        node.table(),
        TableDatasets.writtenSchema(node.query().schema(), node.outputColumnNames()),
        node.overwrite() ? LifecycleStateChange.OVERWRITE : null);
  }

  @Override
  public Optional<String> jobNameSuffix(InsertIntoHiveTable node) {
    return tables.jobNameSuffix(node.table());
  }
}
