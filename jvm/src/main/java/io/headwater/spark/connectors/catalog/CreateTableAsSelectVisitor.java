package io.headwater.spark.connectors.catalog;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.TableDatasets;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.command.CreateDataSourceTableAsSelectCommand;
import org.apache.spark.sql.execution.command.SaveAsV1TableCommand;
import org.apache.spark.sql.types.StructType;

/**
 * The output of a session-catalog CTAS: {@code CREATE TABLE t USING fmt AS SELECT} and {@code
 * df.write.saveAsTable}.
 *
 * <pre>
 *   SaveAsV1TableCommand(tableDesc, mode, query)                             (saveAsTable, Spark 4)
 *   CreateDataSourceTableAsSelectCommand(table, mode, query, outputColumnNames)
 *     -> the table (location or default path, symlink db.table), schema of the query;
 *        lifecycle CREATE for ErrorIfExists, OVERWRITE for Overwrite, none for Append/Ignore
 * </pre>
 *
 * The query is a hidden child of these commands; {@code PlanChildren} makes the walk visit it for
 * the inputs. Job-name suffix: {@code db_table}.
 */
public final class CreateTableAsSelectVisitor
    extends QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> {
  public CreateTableAsSelectVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof SaveAsV1TableCommand
        || node instanceof CreateDataSourceTableAsSelectCommand;
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(LogicalPlan node) {
    CatalogTable table = table(node);
    StructType schema =
        node instanceof CreateDataSourceTableAsSelectCommand ctas
            ? TableDatasets.writtenSchema(ctas.query().schema(), ctas.outputColumnNames())
            : ((SaveAsV1TableCommand) node).query().schema();
    return TableDatasets.output(
        context, TableDatasets.catalog(context).identify(table), schema, lifecycle(mode(node)));
  }

  @Override
  public Optional<String> jobNameSuffix(LogicalPlan node) {
    return Optional.of(TableDatasets.catalog(context).jobNameSuffix(table(node).identifier()));
  }

  public static LifecycleStateChange lifecycle(SaveMode mode) {
    return switch (mode) {
      case ErrorIfExists -> LifecycleStateChange.CREATE;
      case Overwrite -> LifecycleStateChange.OVERWRITE;
      default -> null;
    };
  }

  private static CatalogTable table(LogicalPlan node) {
    return node instanceof CreateDataSourceTableAsSelectCommand ctas
        ? ctas.table()
        : ((SaveAsV1TableCommand) node).tableDesc();
  }

  private static SaveMode mode(LogicalPlan node) {
    return node instanceof CreateDataSourceTableAsSelectCommand ctas
        ? ctas.mode()
        : ((SaveAsV1TableCommand) node).mode();
  }
}
