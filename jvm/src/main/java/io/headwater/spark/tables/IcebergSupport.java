package io.headwater.spark.tables;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.ScalaCollections;
import java.net.URI;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.write.RowLevelOperationTable;

/**
 * What Headwater knows about Apache Iceberg's Spark catalogs, without linking against Iceberg: the
 * catalog is recognised by class name and its settings are read from the Spark configuration.
 *
 * <p>An Iceberg <em>Hadoop</em> catalog ({@code
 * spark.sql.catalog.<c>=org.apache.iceberg.spark.SparkCatalog} with {@code
 * spark.sql.catalog.<c>.type=hadoop}, or {@code
 * .catalog-impl=org.apache.iceberg.hadoop.HadoopCatalog}) keeps every table at {@code
 * <warehouse>/<namespace levels>/<table>} and accepts no other location, so the location of a table
 * is known before it exists and after it is dropped (Iceberg's {@code
 * HadoopCatalog.defaultWarehouseLocation}). Other Iceberg catalogs (Hive, REST, JDBC, ...) choose
 * locations themselves; their tables are located only through the {@code location} property of a
 * loaded table.
 */
@Internal
public final class IcebergSupport {
  private static final String CATALOG_CLASS_PREFIX = "org.apache.iceberg.spark.";
  private static final String SPARK_TABLE = "org.apache.iceberg.spark.source.SparkTable";
  private static final String HADOOP_CATALOG_IMPL = "org.apache.iceberg.hadoop.HadoopCatalog";
  private static final String PATH_IDENTIFIER = "org.apache.iceberg.spark.PathIdentifier";
  private static final String CATALOG_KEY = "spark.sql.catalog.";

  private IcebergSupport() {}

  /**
   * The snapshot an Iceberg table read reads: the time-travel snapshot of a {@code SparkTable}
   * loaded {@code VERSION AS OF} (its {@code snapshotId()}), else the table's {@code
   * current-snapshot-id} property; empty for other tables and for an Iceberg table without
   * snapshots. (Spark 4.1's {@code Table.version()} is no help: Iceberg 1.12 answers an opaque
   * {@code branch_null_snapshot_<id>}.)
   */
  public static Optional<String> snapshotId(Table relationTable) {
    // MERGE/UPDATE/DELETE read the table through Spark's wrapper for row-level operations
    Table table =
        relationTable instanceof RowLevelOperationTable operation
            ? operation.table()
            : relationTable;
    if (!SPARK_TABLE.equals(table.getClass().getName())) {
      return Optional.empty();
    }
    try {
      Object pinned = table.getClass().getMethod("snapshotId").invoke(table);
      if (pinned instanceof Number number) {
        return Optional.of(Long.toString(number.longValue()));
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      // an Iceberg version without snapshotId(): the current snapshot below
    }
    String current = table.properties().get("current-snapshot-id");
    return current != null && current.matches("-?\\d+") && !"-1".equals(current)
        ? Optional.of(current)
        : Optional.empty();
  }

  /**
   * True for an Iceberg metadata table ({@code <table>.snapshots}, {@code .history}, {@code
   * .files}, ...): a {@code SparkTable} over an {@code org.apache.iceberg.BaseMetadataTable}. Its
   * {@code location} property is the base table's, which does not name it.
   */
  public static boolean isMetadataTable(Table table) {
    if (!SPARK_TABLE.equals(table.getClass().getName())) {
      return false;
    }
    try {
      Object iceberg = table.getClass().getMethod("table").invoke(table);
      for (Class<?> c = iceberg == null ? null : iceberg.getClass();
          c != null;
          c = c.getSuperclass()) {
        if ("org.apache.iceberg.BaseMetadataTable".equals(c.getName())) {
          return true;
        }
      }
      return false;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return false;
    }
  }

  /**
   * The location of table {@code ident} of {@code catalog} when that is an Iceberg Hadoop catalog
   * with a warehouse, e.g. {@code file:/wh/db/t} for warehouse {@code file:/wh} and {@code db.t};
   * empty for any other catalog.
   */
  public static Optional<String> hadoopCatalogLocation(
      SparkSession session, CatalogPlugin catalog, Identifier ident) {
    if (!catalog.getClass().getName().startsWith(CATALOG_CLASS_PREFIX)) {
      return Optional.empty();
    }
    Optional<String> warehouse = hadoopWarehouse(session, catalog.name());
    if (warehouse.isEmpty()) {
      return Optional.empty();
    }
    StringBuilder location = new StringBuilder(warehouse.get());
    for (String level : ident.namespace()) {
      location.append('/').append(level);
    }
    return Optional.of(location.append('/').append(ident.name()).toString());
  }

  /**
   * The warehouse of catalog {@code name} when the Spark settings make it an Iceberg Hadoop catalog
   * ({@code type=hadoop} or {@code catalog-impl=HadoopCatalog}, with a {@code warehouse}), without
   * trailing slashes; empty otherwise.
   */
  private static Optional<String> hadoopWarehouse(SparkSession session, String name) {
    String prefix = CATALOG_KEY + name + ".";
    String type = session.conf().get(prefix + "type", "");
    String impl = session.conf().get(prefix + "catalog-impl", "");
    String warehouse = session.conf().get(prefix + "warehouse", "").trim();
    boolean hadoop =
        "hadoop".equals(type.trim().toLowerCase(Locale.ROOT))
            || HADOOP_CATALOG_IMPL.equals(impl.trim());
    return hadoop && !warehouse.isEmpty()
        ? Optional.of(warehouse.replaceAll("/+$", ""))
        : Optional.empty();
  }

  /**
   * True for the identifier Iceberg gives a table loaded by path ({@code
   * spark.read.format("iceberg").load("/wh/db/t")}): a {@code PathIdentifier}, whose namespace is
   * the path's parent folder ({@code /wh/db}) and name its last segment ({@code t}), of Iceberg's
   * own {@code default_iceberg} catalog.
   */
  public static boolean isPathIdentifier(Identifier ident) {
    return PATH_IDENTIFIER.equals(ident.getClass().getName());
  }

  /**
   * The table of a configured Iceberg Hadoop catalog ({@code spark.sql.catalog.<name>} an Iceberg
   * catalog class, {@code .type=hadoop} and a {@code .warehouse}) at {@code location}: the
   * catalog's name and the identifier that catalog gives the table there ({@code iceberg} and
   * {@code db.t} for {@code file:/wh/db/t} under warehouse {@code /wh}), the catalogs tried in name
   * order; empty when no such catalog's warehouse holds it. Locations compare by path, and by
   * scheme when both have one.
   *
   * @param location an absolute table location, e.g. {@code file:/wh/db/t}
   */
  public static Optional<CatalogTable> hadoopCatalogTableAt(SparkSession session, URI location) {
    TreeSet<String> catalogs = new TreeSet<>();
    ScalaCollections.asJava(session.conf().getAll())
        .forEach(
            (key, value) -> {
              String name = key.startsWith(CATALOG_KEY) ? key.substring(CATALOG_KEY.length()) : "";
              if (!name.contains(".") && value.startsWith(CATALOG_CLASS_PREFIX)) {
                catalogs.add(
                    name); // spark.sql.catalog.<name>=org.apache.iceberg.spark.SparkCatalog
              }
            });
    for (String name : catalogs) {
      Optional<CatalogTable> table =
          hadoopWarehouse(session, name)
              .flatMap(warehouse -> tableUnder(name, new Path(warehouse).toUri(), location));
      if (table.isPresent()) {
        return table;
      }
    }
    return Optional.empty();
  }

  private static Optional<CatalogTable> tableUnder(String catalog, URI warehouse, URI location) {
    boolean schemes =
        warehouse.getScheme() == null
            || location.getScheme() == null
            || warehouse.getScheme().equalsIgnoreCase(location.getScheme());
    String root = warehouse.getPath().replaceAll("/+$", "") + "/";
    String path = location.getPath() == null ? "" : location.getPath().replaceAll("/+$", "");
    if (!schemes || !path.startsWith(root)) {
      return Optional.empty();
    }
    String[] levels = path.substring(root.length()).split("/");
    if (levels.length < 2 || Arrays.stream(levels).anyMatch(String::isEmpty)) {
      return Optional.empty();
    }
    return Optional.of(
        new CatalogTable(
            catalog,
            Identifier.of(Arrays.copyOf(levels, levels.length - 1), levels[levels.length - 1])));
  }

  /**
   * A table of a catalog.
   *
   * @param catalog the catalog's name, e.g. {@code iceberg}
   * @param ident the table's identifier in it, e.g. {@code db.t}
   */
  public record CatalogTable(String catalog, Identifier ident) {}
}
