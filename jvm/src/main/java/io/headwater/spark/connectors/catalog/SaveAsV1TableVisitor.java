package io.headwater.spark.connectors.catalog;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.command.SaveAsV1TableCommand;

/**
 * The output of {@code df.write.saveAsTable(t)} into a session-catalog table of a V1 source (Spark
 * 4).
 *
 * <pre>
 *   SaveAsV1TableCommand(tableDesc, mode, query)
 *     -> the table (location or default path, symlink db.table); schema = the query's;
 *        lifecycle CREATE for ErrorIfExists, OVERWRITE for Overwrite, none for Append/Ignore
 * </pre>
 *
 * Spark runs the write as further executions under this one ({@code
 * CreateDataSourceTableAsSelectCommand}, {@code InsertIntoHadoopFsRelationCommand}). The query is a
 * hidden child of the command; the plan walk ({@code reading.PlanChildren}) visits it for the
 * inputs. Job-name suffix: {@code db_table}.
 */
public final class SaveAsV1TableVisitor
    extends QueryPlanVisitor<SaveAsV1TableCommand, OpenLineage.OutputDataset> {
  private final CatalogTableOutputs tables;

  public SaveAsV1TableVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new CatalogTableOutputs(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(SaveAsV1TableCommand node) {
    return tables.output(
        node.tableDesc(), node.query().schema(), CatalogTableOutputs.ofCreateAsSelect(node.mode()));
  }

  @Override
  public Optional<String> jobNameSuffix(SaveAsV1TableCommand node) {
    return tables.jobNameSuffix(node.tableDesc());
  }
}
