package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.naming.CatalogTables;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.analysis.PersistedView$;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.command.CreateViewCommand;
import org.apache.spark.sql.types.StructType;
import scala.Tuple2;

/**
 * A persistent view definition: the view is the output of its query.
 *
 * <pre>
 *   CreateViewCommand(name, userSpecifiedColumns, ..., plan, viewType = PersistedView)
 *     -> namespace = the table symlink namespace of the catalog ({@link CatalogTables#viewIdentity}), name db.view;
 *        schema = the query's schema under the user's column names; the plan walk finds the inputs in {@code plan}
 *        and the column lineage of the view's columns
 * </pre>
 *
 * Temporary views ({@code createOrReplaceTempView}, {@code CREATE TEMP VIEW}) are not datasets and
 * are skipped.
 */
@Internal
public final class ViewDefinitionVisitor
    extends QueryPlanVisitor<CreateViewCommand, OpenLineage.OutputDataset> {
  public ViewDefinitionVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return isPersistentView(node);
  }

  public static boolean isPersistentView(LogicalPlan node) {
    return node instanceof CreateViewCommand view && view.viewType() == PersistedView$.MODULE$;
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(CreateViewCommand node) {
    DatasetIdentifier id = TableDatasets.catalog(context).viewIdentity(node.name());
    return TableDatasets.output(context, id, schema(node), null);
  }

  @Override
  public Optional<String> jobNameSuffix(CreateViewCommand node) {
    return Optional.of(TableDatasets.catalog(context).jobNameSuffix(node.name()));
  }

  private static StructType schema(CreateViewCommand node) {
    StructType query = node.plan().schema();
    List<Tuple2<String, scala.Option<String>>> columns =
        ScalaCollections.asJava(node.userSpecifiedColumns());
    if (columns.isEmpty()) {
      return query;
    }
    return TableDatasets.writtenSchema(
        query, ScalaCollections.asScala(columns.stream().map(Tuple2::_1).toList()));
  }
}
