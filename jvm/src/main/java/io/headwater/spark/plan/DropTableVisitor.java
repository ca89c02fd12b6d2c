package io.headwater.spark.plan;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.analysis.ResolvedIdentifier;
import org.apache.spark.sql.catalyst.plans.logical.DropTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.connector.catalog.CatalogManager;
import org.apache.spark.sql.connector.catalog.Identifier;

/**
 * {@code DROP TABLE} of a session-catalog table.
 *
 * <pre>
 *   DropTable(ResolvedIdentifier(catalog = spark_catalog, [db], table))
 *     -> the table, lifecycle DROP
 * </pre>
 *
 * The table is usually gone from the catalog by the time the plan is read, so a managed table is named by the
 * catalog's default path for it. Tables of other catalogs are left to their catalog's visitor.
 */
public final class DropTableVisitor extends QueryPlanVisitor<DropTable, OpenLineage.OutputDataset> {
  public DropTableVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof DropTable drop
        && drop.child() instanceof ResolvedIdentifier resolved
        && CatalogManager.SESSION_CATALOG_NAME().equals(resolved.catalog().name())
        && resolved.identifier().namespace().length <= 1;
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(DropTable node) {
    return TableDatasets.output(
        context, TableDatasets.catalog(context).identifyByName(tableName(node)), null, LifecycleStateChange.DROP);
  }

  @Override
  public Optional<String> jobNameSuffix(DropTable node) {
    return Optional.of(TableDatasets.catalog(context).jobNameSuffix(tableName(node)));
  }

  private static TableIdentifier tableName(DropTable node) {
    Identifier identifier = ((ResolvedIdentifier) node.child()).identifier();
    scala.Option<String> database =
        identifier.namespace().length == 1 ? scala.Option.apply(identifier.namespace()[0]) : scala.Option.empty();
    return new TableIdentifier(identifier.name(), database);
  }
}
