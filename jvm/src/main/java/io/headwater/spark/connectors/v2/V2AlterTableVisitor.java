package io.headwater.spark.connectors.v2;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.DatasetFacets;
import io.headwater.spark.facets.StandardDatasetFactory;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.facets.TableMetadata;
import io.headwater.spark.naming.CatalogTables;
import io.headwater.spark.tables.V2TableIdentity;
import io.headwater.spark.versions.SparkVersions;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Map;
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
 * For a table of a V2 catalog, the dataset is the table as this command left it: the table the
 * analyzer resolved (its state before the command) with the command's own changes applied, by
 * Spark's {@code CatalogV2Util} — schema, properties, tags and comment. Not the catalog's state
 * when the visitor runs: the listener bus runs after the user's thread has gone on, and a later
 * {@code ALTER} or {@code COMMENT} may have changed the table by then. A change Spark cannot apply
 * to that state (a catalog whose resolved table already shows it) falls back to the table reloaded.
 * For the session catalog, the schema is the catalog's when the visitor runs. Job-name suffix:
 * {@code db_t} for the session catalog, {@code ns_t} for another.
 *
 * <p>One visitor serves the whole family: Spark's {@code AlterTableCommand} trait has a case class
 * per kind of change, and which kinds exist differs between Spark releases. The trait is a Java
 * interface, so the node type is the intersection {@code T} (a {@code LogicalPlan} that is an
 * {@code AlterTableCommand}) and {@link #nodeType()} declares the trait; create it with {@code new
 * V2AlterTableVisitor<>(context)}.
 *
 * @param <T> any {@code AlterTableCommand} node
 */
@Internal
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
    TableState after = after(node, resolved);
    V2TableIdentity id =
        V2TableIdentity.of(
            resolved.catalog().name(),
            resolved.identifier(),
            Optional.ofNullable(after.properties().get(TableCatalog.PROP_LOCATION)));
    OpenLineage.DatasetFacetsBuilder facets =
        DatasetFacets.lifecycle(
            context.openLineage(), id.facets(context.openLineage()), LifecycleStateChange.ALTER);
    TableMetadata metadata = TableMetadata.ofV2(after.properties());
    return List.of(
        new StandardDatasetFactory(
                context.openLineage(), (namespace, name, symlinks) -> Optional.of(metadata))
            .output(id.namespace(), id.name(), after.schema(), facets));
  }

  /** A V2 table's schema and properties. */
  private record TableState(StructType schema, Map<String, String> properties) {}

  /**
   * The table as {@code node} left it: the resolved table with the command's changes applied; the
   * table reloaded when Spark cannot apply them to the resolved one.
   */
  private static TableState after(AlterTableCommand node, ResolvedTable resolved) {
    Table before = resolved.table();
    try {
      return new TableState(
          CatalogV2Util.applySchemaChanges(
              CatalogV2Util.v2ColumnsToStructType(before.columns()),
              node.changes(),
              scala.Option.empty(),
              "ALTER TABLE"),
          CatalogV2Util.applyPropertiesChanges(properties(before), node.changes()));
    } catch (RuntimeException cannotApply) { // e.g. the column to add is there already
      Table reloaded = reload(resolved);
      return new TableState(
          CatalogV2Util.v2ColumnsToStructType(reloaded.columns()), properties(reloaded));
    }
  }

  private static Map<String, String> properties(Table table) {
    return table.properties() == null ? Map.of() : table.properties();
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
