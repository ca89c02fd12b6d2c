package io.headwater.spark.facets;

import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.connectors.v2.V2TableIdentity;
import io.headwater.spark.naming.CatalogTables;
import io.headwater.spark.versions.SparkVersions;
import io.openlineage.client.OpenLineage;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;

/**
 * Finds the catalog metadata ({@link TableMetadata}) of a dataset that is a table, by the
 * identities the visitors give tables:
 *
 * <ul>
 *   <li>a {@code symlinks} entry of type TABLE in the session catalog's symlink namespace ({@link
 *       CatalogTables}): {@code <db>.<table>} of the session catalog (Hive or not) — its
 *       properties, {@code owner} and {@code comment};
 *   <li>a symlink, or the dataset itself, whose namespace is a DataSourceV2 catalog's name ({@link
 *       V2TableIdentity}): {@code <ns>.<table>} of that catalog — its properties, with the {@code
 *       owner} and {@code comment} table properties.
 * </ul>
 *
 * One lookup per table per instance (an instance lives for one execution). A table that is gone
 * (DROP) or cannot be loaded has no metadata, but for the {@code catalog} facet of the session
 * catalog's tables.
 */
public final class CatalogMetadata implements TableMetadata.Source {
  private final SparkSession session;
  private final Map<String, Optional<TableMetadata>> cache = new HashMap<>();

  public CatalogMetadata(SparkSession session) {
    this.session = session;
  }

  @Override
  public Optional<TableMetadata> lookup(
      String namespace, String name, List<OpenLineage.SymlinksDatasetFacetIdentifiers> symlinks) {
    for (OpenLineage.SymlinksDatasetFacetIdentifiers symlink : symlinks) {
      if ("TABLE".equals(symlink.getType())) {
        Optional<TableMetadata> found = cached(symlink.getNamespace(), symlink.getName());
        if (found.isPresent()) {
          return found;
        }
      }
    }
    return cached(namespace, name);
  }

  private Optional<TableMetadata> cached(String namespace, String name) {
    return cache.computeIfAbsent(namespace + "\u0000" + name, key -> find(namespace, name));
  }

  private Optional<TableMetadata> find(String namespace, String name) {
    try {
      if (namespace.equals(new CatalogTables(session).symlinkNamespace())) {
        String[] parts = name.split("\\.", 2);
        if (parts.length != 2) {
          return Optional.empty();
        }
        return new CatalogTables(session)
            .lookup(new TableIdentifier(parts[1], scala.Option.apply(parts[0])))
            .map(table -> of(table, sessionCatalog()))
            // a table being created (or dropped) is still in the catalog the facet names
            .or(
                () ->
                    sessionCatalog()
                        .map(
                            c ->
                                new TableMetadata(
                                    Map.of(), Optional.empty(), Optional.empty(), Optional.of(c))));
      }
      if (!SparkVersions.catalogs().isCatalog(session, namespace)) {
        return Optional.empty();
      }
      CatalogPlugin catalog = SparkVersions.catalogs().catalog(session, namespace);
      if (!(catalog instanceof TableCatalog tables) || !name.contains(".")) {
        return Optional.empty();
      }
      int last = name.lastIndexOf('.');
      Table table =
          tables.loadTable(
              Identifier.of(name.substring(0, last).split("\\."), name.substring(last + 1)));
      return Optional.of(
          TableMetadata.ofV2(table.properties() == null ? Map.of() : table.properties()));
    } catch (Exception e) { // NoSuchTableException and other catalog errors: no metadata
      return Optional.empty();
    }
  }

  private static TableMetadata of(CatalogTable table, Optional<TableMetadata.Catalog> catalog) {
    return new TableMetadata(
        ScalaCollections.asJava(table.properties()),
        Optional.ofNullable(table.owner()),
        table.comment().isDefined() ? Optional.of(table.comment().get()) : Optional.empty(),
        catalog);
  }

  /**
   * The session catalog as the {@code catalog} facet describes it, as the OpenLineage Spark
   * integration does: only when it is Hive's ({@code spark.sql.catalogImplementation=hive}), as
   * framework and type {@code hive}, name {@code default}, the metastore ({@code
   * hive.metastore.uris}, first entry) and the warehouse location.
   */
  private Optional<TableMetadata.Catalog> sessionCatalog() {
    String implementation =
        session.sparkContext().conf().get("spark.sql.catalogImplementation", "in-memory");
    if (!"hive".equals(implementation)) {
      return Optional.empty();
    }
    String metastore = session.sparkContext().hadoopConfiguration().get("hive.metastore.uris");
    Optional<String> metadataUri =
        metastore == null || metastore.isBlank()
            ? Optional.empty()
            : Optional.of(metastore.split(",")[0].trim());
    String warehouse = session.sessionState().conf().warehousePath();
    return Optional.of(
        new TableMetadata.Catalog(
            "hive",
            "hive",
            "default",
            metadataUri,
            Optional.of(
                warehouse.endsWith("/")
                    ? warehouse.substring(0, warehouse.length() - 1)
                    : warehouse)));
  }
}
