package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.DatasetFacets;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.naming.CatalogTables;
import io.headwater.spark.tables.V2TableIdentity;
import io.headwater.spark.versions.SparkVersions;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.analysis.ResolvedIdentifier;
import org.apache.spark.sql.catalyst.plans.logical.DropTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.connector.catalog.Identifier;

/**
 * {@code DROP TABLE}: one output, the dropped table, lifecycle DROP, no schema. In Spark 4 a drop
 * is a {@code DropTable} for every catalog, the session catalog included.
 *
 * <pre>
 *   DropTable(ResolvedIdentifier(catalog = spark_catalog, [db], table))
 *     -> the session-catalog table (see {@link CatalogTables}); suffix db_table
 *   DropTable(ResolvedIdentifier(catalog, [ns...], table))      any other (DataSourceV2) catalog
 *     -> namespace {@code <catalog>}, name {@code <ns>.<table>} (see {@link V2TableIdentity}); suffix ns_table
 * </pre>
 *
 * The plan names the table but does not hold it, and the agent reads the plan after Spark has begun
 * to drop it: a session-catalog table the catalog has already forgotten is named by the catalog's
 * default path for it, and a V2 table is always named by its catalog identity (its {@code location}
 * cannot be known).
 */
@Internal
public final class DropTableVisitor extends QueryPlanVisitor<DropTable, OpenLineage.OutputDataset> {
  public DropTableVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof DropTable drop
        && (sessionTable(drop).isPresent() || v2Table(drop).isPresent());
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(DropTable node) {
    Optional<TableIdentifier> session = sessionTable(node);
    if (session.isPresent()) {
      return TableDatasets.output(
          context,
          TableDatasets.catalog(context).identifyByName(session.get()),
          null,
          LifecycleStateChange.DROP);
    }
    V2TableIdentity id = v2Table(node).orElseThrow();
    OpenLineage.DatasetFacetsBuilder facets =
        DatasetFacets.lifecycle(
            context.openLineage(), id.facets(context.openLineage()), LifecycleStateChange.DROP);
    return List.of(context.datasetFactory().output(id.namespace(), id.name(), null, facets));
  }

  @Override
  public Optional<String> jobNameSuffix(DropTable node) {
    Optional<TableIdentifier> session = sessionTable(node);
    if (session.isPresent()) {
      return Optional.of(TableDatasets.catalog(context).jobNameSuffix(session.get()));
    }
    return v2Table(node).map(V2TableIdentity::table);
  }

  /** The table's name when it belongs to the session catalog (one namespace level at most). */
  private static Optional<TableIdentifier> sessionTable(DropTable node) {
    if (!(node.child() instanceof ResolvedIdentifier resolved)
        || !SparkVersions.catalogs().sessionCatalogName().equals(resolved.catalog().name())
        || resolved.identifier().namespace().length > 1) {
      return Optional.empty();
    }
    Identifier identifier = resolved.identifier();
    scala.Option<String> database =
        identifier.namespace().length == 1
            ? scala.Option.apply(identifier.namespace()[0])
            : scala.Option.empty();
    return Optional.of(new TableIdentifier(identifier.name(), database));
  }

  private Optional<V2TableIdentity> v2Table(DropTable node) {
    return V2TableIdentity.of(node.child(), Optional.empty(), context.sparkSession().orElse(null));
  }
}
