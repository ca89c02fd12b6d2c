package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.tables.CatalogTableOutputs;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.command.CreateDataSourceTableAsSelectCommand;

/**
 * The output of a session-catalog CTAS of a V1 source, {@code CREATE TABLE t USING fmt AS SELECT}
 * (and the execution a {@code saveAsTable} runs).
 *
 * <pre>
 *   CreateDataSourceTableAsSelectCommand(table, mode, query, outputColumnNames)
 *     -> the table (location or default path, symlink db.table); schema = the query's under the written names;
 *        lifecycle CREATE for ErrorIfExists, OVERWRITE for Overwrite; for Append/Ignore (IF NOT EXISTS)
 *        CREATE when the table did not exist at the execution's start, else none
 * </pre>
 *
 * The query is a hidden child of the command; the plan walk ({@code reading.PlanChildren}) visits
 * it for the inputs. Job-name suffix: {@code db_table}.
 */
@Internal
public final class CreateDataSourceTableAsSelectVisitor
    extends QueryPlanVisitor<CreateDataSourceTableAsSelectCommand, OpenLineage.OutputDataset> {
  private final CatalogTableOutputs tables;

  public CreateDataSourceTableAsSelectVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new CatalogTableOutputs(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(CreateDataSourceTableAsSelectCommand node) {
    return tables.output(
        node.table(),
        TableDatasets.writtenSchema(node.query().schema(), node.outputColumnNames()),
        tables.ofCreateAsSelect(node.table(), node.mode()));
  }

  @Override
  public Optional<String> jobNameSuffix(CreateDataSourceTableAsSelectCommand node) {
    return tables.jobNameSuffix(node.table());
  }
}
