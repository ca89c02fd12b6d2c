package io.headwater.spark.naming;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.ScalaCollections;
import io.openlineage.client.utils.DatasetIdentifier;
import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.catalog.SessionCatalog;

/**
 * Dataset identity of session-catalog and Hive tables, by the OpenLineage naming spec: the table's
 * physical location (its {@code LOCATION}, else the catalog's default path for it) named like any
 * file dataset, with a {@code symlinks} entry of type TABLE naming it {@code <database>.<table>}.
 * The symlink's namespace is the Hive metastore ({@code hive://host:port}, see {@link
 * HiveMetastore}) when one is configured, else the warehouse location ({@code
 * spark.sql.warehouse.dir}, e.g. {@code file:/data/warehouse}).
 */
@Internal
public final class CatalogTables {
  /** How a catalog table of Spark's JDBC data source names its provider. */
  private static final Set<String> JDBC_PROVIDERS =
      Set.of(
          "jdbc",
          "org.apache.spark.sql.jdbc",
          "org.apache.spark.sql.execution.datasources.jdbc",
          "org.apache.spark.sql.execution.datasources.jdbc.jdbcrelationprovider");

  private final SparkSession session;

  public CatalogTables(SparkSession session) {
    this.session = session;
  }

  /**
   * The identity of a table described by {@code table} (which may not exist yet: CTAS, CREATE
   * TABLE).
   */
  public DatasetIdentifier identify(CatalogTable table) {
    Optional<DatasetIdentifier> jdbc = jdbcTable(table);
    if (jdbc.isPresent()) {
      return jdbc.get();
    }
    URI location =
        table.storage().locationUri().isDefined()
            ? table.storage().locationUri().get()
            : defaultPath(table.identifier());
    return withSymlink(location, table.identifier());
  }

  /**
   * A table of the {@code jdbc} data source ({@code CREATE TABLE t USING jdbc OPTIONS (url ...,
   * dbtable ...)}): named as JDBC reads and writes of it are ({@link JdbcDatasetNames}, e.g. {@code
   * postgres://db:5432}, {@code shop.public.orders}), with the catalog name as its TABLE symlink;
   * empty for any other table, or one defined by a {@code query} instead of a {@code dbtable}.
   */
  private Optional<DatasetIdentifier> jdbcTable(CatalogTable table) {
    String provider =
        table.provider().isDefined() ? table.provider().get().toLowerCase(Locale.ROOT) : "";
    if (!JDBC_PROVIDERS.contains(provider)) {
      return Optional.empty();
    }
    Map<String, String> options = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    options.putAll(ScalaCollections.asJava(table.storage().properties()));
    String url = options.get("url");
    String dbtable = options.get("dbtable");
    if (url == null || dbtable == null) {
      return Optional.empty();
    }
    try {
      TableIdentifier qualified = qualified(table.identifier());
      return Optional.of(
          JdbcDatasetNames.of(url, options)
              .table(dbtable)
              .withSymlink(
                  qualified.database().get() + "." + qualified.table(),
                  symlinkNamespace(),
                  DatasetIdentifier.SymlinkType.TABLE));
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // a URL the JDBC naming does not know: named by location
    }
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

  /**
   * The table's metadata, when the catalog has it: as of the SQL execution this thread reads, when
   * a change recorded since tells ({@link CatalogChangeRecorder}), else as the catalog has it now.
   */
  public Optional<CatalogTable> lookup(TableIdentifier name) {
    try {
      TableIdentifier qualified = qualified(name);
      Optional<CatalogChangeRecorder.Recorded> recorded =
          CatalogChangeRecorder.recorded(
              session.sharedState(), qualified.database().get(), qualified.table());
      if (recorded.isPresent()) {
        return recorded.get().table();
      }
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
   * The namespace of the TABLE symlinks of this catalog's tables: the metastore ({@link
   * HiveMetastore}, {@code hive://host:port}), else the warehouse location.
   */
  public String symlinkNamespace() {
    Optional<String> metastore = HiveMetastore.of(session.sparkContext());
    if (metastore.isPresent()) {
      return metastore.get();
    }
    String warehouse = session.sessionState().conf().warehousePath();
    return warehouse.endsWith("/") ? warehouse.substring(0, warehouse.length() - 1) : warehouse;
  }
}
