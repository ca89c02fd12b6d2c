package io.headwater.spark.tables;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.naming.CatalogTables;
import io.headwater.spark.naming.FileDatasetNames;
import io.headwater.spark.versions.SparkVersions;
import io.openlineage.client.utils.DatasetIdentifier;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.apache.spark.sql.connector.catalog.CatalogV2Util;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.types.StructType;

/**
 * A dataset named by the user of the Python static-lineage API: a table name ({@code db.t}, {@code
 * t}, {@code catalog.ns.t}) or a path ({@code /data/x}, {@code s3a://bucket/x}; anything with a
 * {@code /}), resolved to its OpenLineage identity with the naming rules of the plan visitors
 * ({@link CatalogTables}, {@link V2TableIdentity}, {@link FileDatasetNames}).
 */
@Internal
public final class DatasetReferences {
  private DatasetReferences() {}

  /**
   * A resolved dataset.
   *
   * @param id namespace, name and symlinks
   * @param schema the schema when known (catalog or files), else null
   * @param table the session-catalog table, when it is one that exists
   */
  public record Resolved(DatasetIdentifier id, StructType schema, Optional<CatalogTable> table) {}

  /** True when {@code reference} is a path rather than a table name. */
  public static boolean isPath(String reference) {
    return reference.contains("/");
  }

  /**
   * The dataset {@code reference} names, which need not exist (the output of a declared job): a
   * path is qualified against the default file system; a table name that names no table is the
   * catalog's default location for it.
   *
   * @throws IllegalArgumentException when the name cannot be parsed
   */
  public static Resolved named(SparkSession session, String reference) {
    if (isPath(reference)) {
      return new Resolved(
          FileDatasetNames.of(qualified(session, reference)), null, Optional.empty());
    }
    List<String> parts = parse(session, reference);
    Optional<CatalogPlugin> v2 = v2Catalog(session, parts);
    if (v2.isPresent()) {
      Identifier ident =
          Identifier.of(
              parts.subList(1, parts.size() - 1).toArray(String[]::new),
              parts.get(parts.size() - 1));
      Optional<Table> table = loadV2(v2.get(), ident);
      V2TableIdentity id =
          V2TableIdentity.of(
              v2.get().name(),
              ident,
              table.map(t -> t.properties().get(TableCatalog.PROP_LOCATION)));
      DatasetIdentifier identifier = new DatasetIdentifier(id.name(), id.namespace());
      if (id.location().isPresent()) {
        identifier =
            identifier.withSymlink(id.table(), id.catalog(), DatasetIdentifier.SymlinkType.TABLE);
      }
      return new Resolved(
          identifier,
          table.map(t -> CatalogV2Util.v2ColumnsToStructType(t.columns())).orElse(null),
          Optional.empty());
    }
    List<String> sessionParts =
        isSessionCatalog(parts.get(0)) && parts.size() == 3 ? parts.subList(1, 3) : parts;
    if (sessionParts.size() > 2) {
      throw new IllegalArgumentException(
          "'" + reference + "' names no catalog Spark knows (" + parts.get(0) + ")");
    }
    TableIdentifier name =
        new TableIdentifier(
            sessionParts.get(sessionParts.size() - 1),
            sessionParts.size() == 2
                ? scala.Option.apply(sessionParts.get(0))
                : scala.Option.empty());
    CatalogTables tables = new CatalogTables(session);
    Optional<CatalogTable> table = tables.lookup(name);
    try {
      return new Resolved(
          tables.identifyByName(name), table.map(CatalogTable::schema).orElse(null), table);
    } catch (
        Exception
            e) { // e.g. AnalysisException (a Scala exception, checked in Java's eyes): no such
      // database
      throw new IllegalArgumentException(
          "'" + reference + "' cannot be named: " + firstLine(e.getMessage()), e);
    }
  }

  /**
   * The existing dataset {@code reference} names, with its schema: a table's from the catalog, a
   * path's from its files, read as {@code format}.
   *
   * @throws IllegalArgumentException naming the reference when no such table or path exists
   */
  public static Resolved existing(SparkSession session, String reference, String format) {
    if (!isPath(reference)) {
      Resolved resolved;
      try {
        resolved = named(session, reference);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "no table named '" + reference + "' exists in the catalog", e);
      }
      if (resolved.schema() == null) {
        throw new IllegalArgumentException(
            "no table named '" + reference + "' exists in the catalog");
      }
      return resolved;
    }
    Resolved resolved = named(session, reference);
    {
      URI location = qualified(session, reference);
      StructType schema;
      try {
        if (!new Path(location)
            .getFileSystem(session.sessionState().newHadoopConf())
            .exists(new Path(location))) {
          throw new IllegalArgumentException("path '" + reference + "' does not exist");
        }
        schema = session.read().format(format).load(location.toString()).schema();
      } catch (java.io.IOException e) {
        throw new IllegalArgumentException(
            "path '" + reference + "' cannot be read: " + e.getMessage(), e);
      } catch (IllegalArgumentException e) {
        throw e;
      } catch (Exception e) { // AnalysisException and the like
        throw new IllegalArgumentException(
            "path '"
                + reference
                + "' cannot be read as "
                + format
                + ": "
                + firstLine(e.getMessage()),
            e);
      }
      return new Resolved(resolved.id(), schema, Optional.empty());
    }
  }

  private static URI qualified(SparkSession session, String reference) {
    Path path = new Path(reference);
    try {
      return path.getFileSystem(session.sessionState().newHadoopConf()).makeQualified(path).toUri();
    } catch (java.io.IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          "path '" + reference + "' cannot be resolved: " + e.getMessage(), e);
    }
  }

  private static List<String> parse(SparkSession session, String reference) {
    try {
      return ScalaCollections.asJava(
          session.sessionState().sqlParser().parseMultipartIdentifier(reference));
    } catch (Exception e) { // ParseException is checked in Java's eyes
      throw new IllegalArgumentException(
          "'" + reference + "' is neither a table name nor a path", e);
    }
  }

  private static Optional<CatalogPlugin> v2Catalog(SparkSession session, List<String> parts) {
    if (parts.size() < 2 || isSessionCatalog(parts.get(0))) {
      return Optional.empty();
    }
    if (!SparkVersions.catalogs().isCatalog(session, parts.get(0))) {
      return Optional.empty();
    }
    return Optional.of(SparkVersions.catalogs().catalog(session, parts.get(0)));
  }

  private static Optional<Table> loadV2(CatalogPlugin catalog, Identifier ident) {
    if (!(catalog instanceof TableCatalog tables)) {
      return Optional.empty();
    }
    try {
      return Optional.of(tables.loadTable(ident));
    } catch (Exception e) { // NoSuchTableException is checked in Java's eyes
      return Optional.empty();
    }
  }

  private static boolean isSessionCatalog(String name) {
    return SparkVersions.catalogs().isSessionCatalog(name);
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "";
    }
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
