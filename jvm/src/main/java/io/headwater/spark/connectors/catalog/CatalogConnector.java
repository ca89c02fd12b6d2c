package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.versions.SparkVersions;
import io.openlineage.client.OpenLineage;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.Command;
import org.apache.spark.sql.catalyst.plans.logical.DropTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.command.AlterTableAddColumnsCommand;
import org.apache.spark.sql.execution.command.AlterTableChangeColumnCommand;
import org.apache.spark.sql.execution.command.AlterTableRenameCommand;
import org.apache.spark.sql.execution.command.AlterTableSetLocationCommand;
import org.apache.spark.sql.execution.command.AlterTableSetPropertiesCommand;
import org.apache.spark.sql.execution.command.AlterTableUnsetPropertiesCommand;
import org.apache.spark.sql.execution.command.CreateDataSourceTableAsSelectCommand;
import org.apache.spark.sql.execution.command.CreateDataSourceTableCommand;
import org.apache.spark.sql.execution.command.CreateTableCommand;
import org.apache.spark.sql.execution.command.CreateViewCommand;
import scala.PartialFunction;

/**
 * The session catalog's DDL and V1 table commands: CTAS, CREATE / ALTER / DROP / TRUNCATE TABLE,
 * LOAD DATA, persistent view definitions ({@link ViewDefinitionVisitor}); {@code saveAsTable}'s
 * {@code SaveAsV1TableCommand} only where it exists (Spark 4.1 on). Registered in {@code
 * META-INF/services/io.headwater.spark.api.Connector}; order 200 (see {@link Connector}).
 */
@Internal
public final class CatalogConnector implements Connector {
  @Override
  public int order() {
    return 200;
  }

  /** Its hooks answer only commands (view definitions). */
  @Override
  public Collection<Class<?>> hookNodeTypes() {
    return List.of(Command.class);
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
    List<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>> visitors =
        new ArrayList<>();
    if (SparkVersions.v1Writes().hasSaveAsTableCommand()) {
      // SaveAsV1TableCommand exists from Spark 4.1 only: the visitor is made only where it links
      visitors.add(new SaveAsV1TableVisitor(context));
    }
    visitors.addAll(
        List.of(
            new CreateDataSourceTableAsSelectVisitor(context),
            new CreateDataSourceTableVisitor(context),
            new CreateTableCommandVisitor(context),
            new TruncateTableVisitor(context),
            new AlterTableAddColumnsVisitor(context),
            new AlterTableSetLocationVisitor(context),
            new AlterTableChangeColumnVisitor(context),
            new AlterTableSetPropertiesVisitor(context),
            new AlterTableUnsetPropertiesVisitor(context),
            new AlterTableRenameVisitor(context),
            new DropTableVisitor(context),
            new LoadDataVisitor(context),
            new ViewDefinitionVisitor(context)));
    return visitors;
  }

  @Override
  public boolean isViewDefinition(LogicalPlan root) {
    return ViewDefinitionVisitor.isPersistentView(root);
  }

  @Override
  public boolean isTemporaryViewDefinition(LogicalPlan root) {
    return root instanceof CreateViewCommand && !ViewDefinitionVisitor.isPersistentView(root);
  }

  /** A view's {@code originalText}, when Spark kept it. */
  @Override
  public Optional<String> viewText(LogicalPlan root) {
    return root instanceof CreateViewCommand view && view.originalText().isDefined()
        ? Optional.of(view.originalText().get())
        : Optional.empty();
  }

  /** The query a V1 CTAS or {@code saveAsTable} ({@code SaveAsV1TableCommand}) runs itself. */
  @Override
  public List<LogicalPlan> hiddenQueries(LogicalPlan node) {
    if (node instanceof CreateDataSourceTableAsSelectCommand ctas) {
      return List.of(ctas.query());
    }
    return SparkVersions.v1Writes().saveAsTableQuery(node).map(List::of).orElse(List.of());
  }

  /**
   * {@code CREATE TABLE} without data ({@code CreateDataSourceTableCommand}, Hive-format {@code
   * CreateTableCommand}), {@code ALTER TABLE} (add or change columns, set or unset properties, also
   * {@code COMMENT ON}, set location, rename) and {@code DROP TABLE}.
   */
  @Override
  public boolean changesOnlyTableMetadata(LogicalPlan root) {
    return root instanceof CreateDataSourceTableCommand
        || root instanceof CreateTableCommand
        || root instanceof AlterTableAddColumnsCommand
        || root instanceof AlterTableChangeColumnCommand
        || root instanceof AlterTableSetPropertiesCommand
        || root instanceof AlterTableUnsetPropertiesCommand
        || root instanceof AlterTableSetLocationCommand
        || root instanceof AlterTableRenameCommand
        || root instanceof DropTable;
  }

  @Override
  public boolean dropsTable(LogicalPlan root) {
    return root instanceof DropTable;
  }
}
