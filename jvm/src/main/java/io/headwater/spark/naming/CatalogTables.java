package io.headwater.spark.naming;

import io.openlineage.client.utils.DatasetIdentifier;
import java.net.URI;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.catalog.SessionCatalog;

/**
 * Dataset identity of session-catalog and Hive tables, by the OpenLineage naming spec: the table's
 * physical location (its {@code LOCATION}, else the catalog's default path for it) named like any
 * file dataset, with a {@code symlinks} entry of type TABLE naming it {@code <database>.<table>}.
 * The symlink's namespace is the Hive metastore ({@code hive://host:port}) when {@code
 * hive.metastore.uris} is set, else the warehouse location ({@code spark.sql.warehouse.dir}, e.g.
 * {@code file:/data/warehouse}).
 */
public final class CatalogTables {
  private final SparkSession session;

  public CatalogTables(SparkSession session) {
    this.session = session;
  }

  /**
   * The identity of a table described by {@code table} (which may not exist yet: CTAS, CREATE
   * TABLE).
   */
  public DatasetIdentifier identify(CatalogTable table) {
    URI location =
        table.storage().locationUri().isDefined()
            ? table.storage().locationUri().get()
            : defaultPath(table.identifier());
    return withSymlink(location, table.identifier());
  }

  /**
   * The identity of a table known only by name, e.g. after DROP TABLE: the catalog's default path
   * for it.
   */
  public DatasetIdentifier identifyByName(TableIdentifier name) {
    return lookup(name).map(this::identify).orElseGet(() -> withSymlink(defaultPath(name), name));
  }

  /**
   * The identity of a persistent view, which has no location: the catalog's table symlink namespace
   * (the metastore {@code hive://host:port}, else the warehouse location) and {@code
   * <database>.<view>}.
   */
  public DatasetIdentifier viewIdentity(TableIdentifier name) {
    TableIdentifier qualified = qualified(name);
    return new DatasetIdentifier(
        qualified.database().get() + "." + qualified.table(), symlinkNamespace());
  }

  /**
   * The identity of table {@code name} stored at {@code location} (a {@code CREATE TABLE ...
   * LOCATION}).
   */
  public DatasetIdentifier identify(URI location, TableIdentifier name) {
    return withSymlink(location, name);
  }

  /** The table's metadata, when the catalog has it. */
  public Optional<CatalogTable> lookup(TableIdentifier name) {
    try {
      SessionCatalog catalog = session.sessionState().catalog();
      return catalog.tableExists(name)
          ? Optional.of(catalog.getTableMetadata(name))
          : Optional.empty();
    } catch (
        Exception e) { // NoSuchTableException/NoSuchNamespaceException are checked in Java's eyes
      return Optional.empty();
    }
  }

  /**
   * {@code db_table}, the job-name suffix of a V1 table as the OpenLineage Spark integration forms
   * it; an unqualified name gets the current database, so the same table always gives the same
   * suffix.
   */
  public String jobNameSuffix(TableIdentifier name) {
    TableIdentifier qualified = qualified(name);
    return qualified.database().get() + "_" + qualified.table();
  }

  private URI defaultPath(TableIdentifier name) {
    return session.sessionState().catalog().defaultTablePath(qualified(name));
  }

  private TableIdentifier qualified(TableIdentifier name) {
    if (name.database().isDefined()) {
      return name;
    }
    return new TableIdentifier(
        name.table(), scala.Option.apply(session.sessionState().catalog().getCurrentDatabase()));
  }

  private DatasetIdentifier withSymlink(URI location, TableIdentifier name) {
    DatasetIdentifier physical = FileDatasetNames.of(location);
    TableIdentifier qualified = qualified(name);
    return physical.withSymlink(
        qualified.database().get() + "." + qualified.table(),
        symlinkNamespace(),
        DatasetIdentifier.SymlinkType.TABLE);
  }

  /**
   * The namespace of the TABLE symlinks of this catalog's tables: the metastore, else the warehouse
   * location.
   */
  public String symlinkNamespace() {
    String metastore = session.sparkContext().hadoopConfiguration().get("hive.metastore.uris");
    if (metastore != null && !metastore.isBlank()) {
      URI first = URI.create(metastore.split(",")[0].trim());
      return "hive://" + first.getAuthority();
    }
    String warehouse = session.sessionState().conf().warehousePath();
    return warehouse.endsWith("/") ? warehouse.substring(0, warehouse.length() - 1) : warehouse;
  }
}
