package io.headwater.spark.connectors.v2;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.DatasetFacets;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.naming.CatalogTables;
import io.headwater.spark.versions.SparkVersions;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.analysis.ResolvedTable;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.plans.logical.AlterTableCommand;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.connector.catalog.CatalogV2Util;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.types.StructType;

/**
 * {@code ALTER TABLE} planned as a DataSourceV2 command ({@code AlterTableCommand}: {@code COMMENT
 * ON TABLE}, and for V2 catalogs ADD/REPLACE/RENAME/ALTER COLUMN and SET/UNSET TBLPROPERTIES): one
 * output, the table, lifecycle ALTER.
 *
 * <pre>
 *   AlterTableCommand(table = ResolvedTable(spark_catalog, [db], t))  -> the session-catalog table ({@link CatalogTables})
 *   AlterTableCommand(table = ResolvedTable(catalog, [ns...], t))     -> {@link V2TableIdentity}
 *   AlterTableCommand(table = anything else)                          -> not matched
 * </pre>
 *
 * The schema is the table's as the catalog has it when the visitor runs (reloaded, so that after
 * the command it shows the change). Job-name suffix: {@code db_t} for the session catalog, {@code
 * ns_t} for another.
 *
 * <p>One visitor serves the whole family: Spark's {@code AlterTableCommand} trait has a case class
 * per kind of change, and which kinds exist differs between Spark releases. The trait is a Java
 * interface, so the node type is the intersection {@code T} (a {@code LogicalPlan} that is an
 * {@code AlterTableCommand}) and {@link #nodeType()} declares the trait; create it with {@code new
 * V2AlterTableVisitor<>(context)}.
 *
 * @param <T> any {@code AlterTableCommand} node
 */
public final class V2AlterTableVisitor<T extends LogicalPlan & AlterTableCommand>
    extends QueryPlanVisitor<T, OpenLineage.OutputDataset> {
  public V2AlterTableVisitor(OpenLineageContext context) {
    super(context);
  }

  /** {@code AlterTableCommand}: a Scala trait over {@code LogicalPlan}, a Java interface. */
  @Override
  @SuppressWarnings("unchecked")
  protected Class<? extends LogicalPlan> nodeType() {
    return (Class<? extends LogicalPlan>) (Class<?>) AlterTableCommand.class;
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof AlterTableCommand alter && alter.table() instanceof ResolvedTable;
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(T node) {
    ResolvedTable resolved = (ResolvedTable) node.table();
    Optional<TableIdentifier> session = sessionTable(resolved);
    if (session.isPresent()) {
      CatalogTables tables = TableDatasets.catalog(context);
      StructType schema = tables.lookup(session.get()).map(CatalogTable::schema).orElse(null);
      return TableDatasets.output(
          context, tables.identifyByName(session.get()), schema, LifecycleStateChange.ALTER);
    }
    Table table = reload(resolved);
    V2TableIdentity id =
        V2TableIdentity.of(
            resolved.catalog().name(),
            resolved.identifier(),
            Optional.ofNullable(table.properties().get(TableCatalog.PROP_LOCATION)));
    OpenLineage.DatasetFacetsBuilder facets =
        DatasetFacets.lifecycle(
            context.openLineage(), id.facets(context.openLineage()), LifecycleStateChange.ALTER);
    return List.of(
        context
            .datasetFactory()
            .output(
                id.namespace(),
                id.name(),
                CatalogV2Util.v2ColumnsToStructType(table.columns()),
                facets));
  }

  @Override
  public Optional<String> jobNameSuffix(T node) {
    ResolvedTable resolved = (ResolvedTable) node.table();
    return sessionTable(resolved)
        .map(name -> TableDatasets.catalog(context).jobNameSuffix(name))
        .or(() -> Optional.of(V2TableIdentity.tableName(resolved.identifier())));
  }

  private static Table reload(ResolvedTable resolved) {
    try {
      return resolved.catalog().loadTable(resolved.identifier());
    } catch (Exception e) { // NoSuchTableException is checked in Java's eyes
      return resolved.table();
    }
  }

  private static Optional<TableIdentifier> sessionTable(ResolvedTable resolved) {
    Identifier ident = resolved.identifier();
    if (!SparkVersions.catalogs().isSessionCatalog(resolved.catalog().name())
        || ident.namespace().length > 1) {
      return Optional.empty();
    }
    scala.Option<String> database =
        ident.namespace().length == 1
            ? scala.Option.apply(ident.namespace()[0])
            : scala.Option.empty();
    return Optional.of(new TableIdentifier(ident.name(), database));
  }
}
