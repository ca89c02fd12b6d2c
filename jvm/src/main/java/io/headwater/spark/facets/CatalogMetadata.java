package io.headwater.spark.facets;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.naming.CatalogTables;
import io.headwater.spark.naming.HiveMetastore;
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
 *       properties, {@code owner} and {@code comment}, and the catalog when it is Hive's or, for a
 *       Delta table, Delta Lake's {@code DeltaCatalog};
 *   <li>a symlink, or the dataset itself, whose namespace is a DataSourceV2 catalog's name ({@code
 *       tables.V2TableIdentity}): {@code <ns>.<table>} of that catalog — its properties, with the
 *       {@code owner} and {@code comment} table properties, and the catalog as {@link
 *       V2CatalogDescriptions} describes it.
 * </ul>
 *
 * One lookup per table per instance (an instance lives for one execution). A table that is gone
 * (DROP), not yet created or cannot be loaded has no metadata but the {@code catalog} facet.
 */
@Internal
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
            .map(table -> of(table, isDelta(table) ? deltaCatalog() : sessionCatalog()))
            // a table being created (or dropped) is still in the catalog the facet names; under
            // DeltaCatalog its framework (Delta or not) is unknown without the table: no facet
            .or(
                () ->
                    (isDeltaSessionCatalog()
                            ? Optional.<TableMetadata.Catalog>empty()
                            : sessionCatalog())
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
      Optional<TableMetadata.Catalog> description =
          Optional.of(V2CatalogDescriptions.of(session, catalog));
      Map<String, String> properties;
      try {
        Table table =
            tables.loadTable(
                Identifier.of(name.substring(0, last).split("\\."), name.substring(last + 1)));
        properties = table.properties() == null ? Map.of() : table.properties();
      } catch (Exception e) { // being created or dropped: still in the catalog the facet names
        return Optional.of(
            new TableMetadata(Map.of(), Optional.empty(), Optional.empty(), description));
      }
      TableMetadata metadata = TableMetadata.ofV2(properties);
      return Optional.of(
          new TableMetadata(
              metadata.properties(), metadata.owner(), metadata.comment(), description));
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

  /** Delta Lake's session catalog ({@code DeltaCatalog}), as the {@code catalog} facet names it. */
  private static final String DELTA_CATALOG = "org.apache.spark.sql.delta.catalog.DeltaCatalog";

  /** True for a Delta table of a session catalog that is Delta Lake's {@code DeltaCatalog}. */
  private boolean isDelta(CatalogTable table) {
    return table.provider().isDefined()
        && "delta".equalsIgnoreCase(table.provider().get())
        && isDeltaSessionCatalog();
  }

  private boolean isDeltaSessionCatalog() {
    String key = "spark.sql.catalog." + SparkVersions.catalogs().sessionCatalogName();
    return DELTA_CATALOG.equals(session.conf().get(key, (String) null));
  }

  /**
   * The session catalog of a Delta table as the OpenLineage Spark integration describes it:
   * framework and type {@code delta}, name {@code spark_catalog}, no URIs.
   */
  private static Optional<TableMetadata.Catalog> deltaCatalog() {
    return Optional.of(
        new TableMetadata.Catalog(
            "delta",
            "delta",
            SparkVersions.catalogs().sessionCatalogName(),
            Optional.empty(),
            Optional.empty()));
  }

  /**
   * The session catalog as the {@code catalog} facet describes it, as the OpenLineage Spark
   * integration does: only when it is Hive's ({@code spark.sql.catalogImplementation=hive}), as
   * framework and type {@code hive}, name {@code default}, the metastore ({@link HiveMetastore}:
   * {@code hive://host:port}) and the warehouse location.
   */
  private Optional<TableMetadata.Catalog> sessionCatalog() {
    return hiveSessionCatalog(session);
  }

  /**
   * The session catalog of {@code session} as the {@code catalog} facet describes it when it is
   * Hive's: framework and type {@code hive}, name {@code default}, the metastore's first URI and
   * the warehouse location without a trailing slash; empty for any other session catalog.
   */
  public static Optional<TableMetadata.Catalog> hiveSessionCatalog(SparkSession session) {
    String implementation =
        session.sparkContext().conf().get("spark.sql.catalogImplementation", "in-memory");
    if (!"hive".equals(implementation)) {
      return Optional.empty();
    }
    Optional<String> metadataUri = HiveMetastore.of(session.sparkContext());
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
