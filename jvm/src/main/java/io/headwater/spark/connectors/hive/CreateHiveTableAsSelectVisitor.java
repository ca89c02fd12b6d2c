package io.headwater.spark.connectors.hive;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.tables.CatalogTableOutputs;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.hive.execution.CreateHiveTableAsSelectCommand;

/**
 * The output of a Hive-format CTAS, {@code CREATE TABLE t STORED AS fmt AS SELECT}. Registered only
 * when Spark's Hive module is present ({@link HiveSupport}).
 *
 * <pre>
 *   CreateHiveTableAsSelectCommand(tableDesc, query, outputColumnNames, mode)
 *     -> the table (location or default path, symlink db.table); schema = the query's under the written names;
 *        lifecycle CREATE for ErrorIfExists, OVERWRITE for Overwrite, none for Append/Ignore
 * </pre>
 *
 * Spark keeps the query out of the plan tree; {@link HiveSupport#hiddenQuery} hands it to the plan
 * walk for the inputs. The insert it runs is an execution of its own ({@link
 * InsertIntoHiveTableVisitor}). Job-name suffix: {@code db_table}.
 */
@Internal
public final class CreateHiveTableAsSelectVisitor
    extends QueryPlanVisitor<CreateHiveTableAsSelectCommand, OpenLineage.OutputDataset> {
  private final CatalogTableOutputs tables;

  public CreateHiveTableAsSelectVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new CatalogTableOutputs(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(CreateHiveTableAsSelectCommand node) {
    return tables.output(
        node.tableDesc(),
        TableDatasets.writtenSchema(node.query().schema(), node.outputColumnNames()),
        tables.ofCreateAsSelect(node.tableDesc(), node.mode()));
  }

  @Override
  public Optional<String> jobNameSuffix(CreateHiveTableAsSelectCommand node) {
    return tables.jobNameSuffix(node.tableDesc());
  }
}
