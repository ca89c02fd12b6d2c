package io.headwater.spark.tables;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.naming.CatalogTables;
import io.headwater.spark.naming.FileDatasetNames;
import io.headwater.spark.versions.SparkVersions;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.analysis.ResolvedIdentifier;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;

/**
 * The dataset identity of a DataSourceV2 catalog table, the one rule every V2 visitor uses:
 *
 * <ul>
 *   <li>a table with an absolute location is the file dataset of it ({@link FileDatasetNames}),
 *       with a {@code symlinks} entry {@code {namespace: <catalog>, name: <ns>.<table>, type:
 *       TABLE}} naming the table. The location is the table's {@code location} property (or the
 *       {@code LOCATION} of a CREATE), else, for an Iceberg Hadoop catalog, the one that catalog
 *       always gives the table ({@link IcebergSupport});
 *   <li>a table without one is namespace {@code <catalog>}, name {@code <namespace parts>.<table>}
 *       (e.g. {@code testcat} + {@code ns.t});
 *   <li>a table of the session catalog ({@code spark_catalog}: Delta Lake's {@code DeltaCatalog},
 *       for example) is named exactly like a V1 table of it ({@link CatalogTables}): its location
 *       (else the catalog's default path for it) with a symlink {@code <db>.<table>} whose
 *       namespace is the metastore or the warehouse location.
 * </ul>
 *
 * @param catalog the catalog's name, e.g. {@code testcat}
 * @param table the namespace parts and the table name joined with {@code .}, e.g. {@code ns.t}
 * @param location the file identity of the table's location, when it has one
 * @param symlinkNamespace the namespace of the symlink naming the table: the catalog's name, or for
 *     the session catalog the metastore or warehouse location
 */
@Internal
public record V2TableIdentity(
    String catalog, String table, Optional<DatasetIdentifier> location, String symlinkNamespace) {
  public V2TableIdentity {
    Objects.requireNonNull(catalog, "catalog");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(symlinkNamespace, "symlinkNamespace");
  }

  /**
   * The identity of table {@code ident} of (non-session) {@code catalog}, located at {@code
   * location} when given. A relative location is ignored: Spark 4.1 hands it to a V2 catalog
   * unqualified, and only the catalog knows what it is relative to.
   */
  public static V2TableIdentity of(String catalog, Identifier ident, Optional<String> location) {
    Optional<DatasetIdentifier> file =
        location
            .map(l -> new Path(l).toUri())
            .filter(V2TableIdentity::isAbsolute)
            .map(FileDatasetNames::of);
    return new V2TableIdentity(catalog, tableName(ident), file, catalog);
  }

  private static boolean isAbsolute(URI location) {
    return location.getScheme() != null
        || (location.getPath() != null && location.getPath().startsWith("/"));
  }

  /**
   * The identity of a relation's table; empty when Spark does not know its catalog and identifier.
   * An Iceberg metadata table ({@code iceberg.db.t.snapshots}) has no location of its own: it is
   * {@code iceberg} + {@code db.t.snapshots}.
   */
  public static Optional<V2TableIdentity> of(DataSourceV2Relation relation, SparkSession session) {
    if (relation.catalog().isEmpty() || relation.identifier().isEmpty()) {
      return Optional.empty();
    }
    if (IcebergSupport.isMetadataTable(
        relation.table())) { // t.snapshots: named by the catalog, not t's location
      return Optional.of(
          of(relation.catalog().get().name(), relation.identifier().get(), Optional.empty()));
    }
    String location = relation.table().properties().get(TableCatalog.PROP_LOCATION);
    if (location != null && IcebergSupport.isPathIdentifier(relation.identifier().get())) {
      Optional<IcebergSupport.CatalogTable> table =
          IcebergSupport.hadoopCatalogTableAt(session, new Path(location).toUri());
      if (table.isPresent()) { // named as the catalog names it: one dataset, one symlink
        return Optional.of(of(table.get().catalog(), table.get().ident(), Optional.of(location)));
      }
    }
    return of(
        session,
        relation.catalog().get(),
        relation.identifier().get(),
        Optional.ofNullable(location));
  }

  /**
   * The identity of the table a DDL command names ({@code CreateTable.name()} and the like),
   * located at {@code location} when the command gives one; empty unless the name is a {@link
   * ResolvedIdentifier}.
   */
  public static Optional<V2TableIdentity> of(
      LogicalPlan name, Optional<String> location, SparkSession session) {
    if (!(name instanceof ResolvedIdentifier resolved)) {
      return Optional.empty();
    }
    return of(session, resolved.catalog(), resolved.identifier(), location);
  }

  private static Optional<V2TableIdentity> of(
      SparkSession session, CatalogPlugin catalog, Identifier ident, Optional<String> location) {
    if (isSessionCatalog(catalog)) {
      return sessionTable(session, ident, location);
    }
    return Optional.of(
        of(
            catalog.name(),
            ident,
            location.or(() -> IcebergSupport.hadoopCatalogLocation(session, catalog, ident))));
  }

  /**
   * A session-catalog table, named by {@link CatalogTables}; empty for a name with more than one
   * namespace level.
   */
  private static Optional<V2TableIdentity> sessionTable(
      SparkSession session, Identifier ident, Optional<String> location) {
    if (ident.namespace().length > 1) {
      return Optional.empty();
    }
    scala.Option<String> database =
        ident.namespace().length == 1
            ? scala.Option.apply(ident.namespace()[0])
            : scala.Option.empty();
    TableIdentifier name = new TableIdentifier(ident.name(), database);
    CatalogTables tables = new CatalogTables(session);
    Optional<URI> explicit =
        location.map(l -> new Path(l).toUri()).filter(V2TableIdentity::isAbsolute);
    DatasetIdentifier id =
        explicit
            .map(uri -> tables.identify(uri, name))
            .orElseGet(() -> tables.identifyByName(name));
    DatasetIdentifier.Symlink symlink = id.getSymlinks().get(0);
    return Optional.of(
        new V2TableIdentity(
            SparkVersions.catalogs().sessionCatalogName(),
            symlink.getName(),
            Optional.of(new DatasetIdentifier(id.getName(), id.getNamespace())),
            symlink.getNamespace()));
  }

  private static boolean isSessionCatalog(CatalogPlugin catalog) {
    return SparkVersions.catalogs().isSessionCatalog(catalog.name());
  }

  /** {@code ns.t}: the namespace parts and the name, joined with {@code .}. */
  public static String tableName(Identifier ident) {
    return ident.namespace().length == 0
        ? ident.name()
        : String.join(".", ident.namespace()) + "." + ident.name();
  }

  public String namespace() {
    return location.map(DatasetIdentifier::getNamespace).orElse(catalog);
  }

  public String name() {
    return location.map(DatasetIdentifier::getName).orElse(table);
  }

  /**
   * The job-name suffix of a write to the table: {@code testcat.ns.t}, the catalog and the table as
   * Spark prints a V2 relation's name; for a session-catalog table {@code db.t}, the suffix of the
   * same write to a V1 table.
   */
  public String qualifiedTable() {
    return isSessionCatalog() ? table : catalog + "." + table;
  }

  /** True for a table of the session catalog ({@code spark_catalog}). */
  public boolean isSessionCatalog() {
    return SparkVersions.catalogs().isSessionCatalog(catalog);
  }

  /**
   * A facets builder holding the {@code symlinks} facet of a located table; an empty one otherwise.
   */
  public OpenLineage.DatasetFacetsBuilder facets(OpenLineage openLineage) {
    OpenLineage.DatasetFacetsBuilder facets = openLineage.newDatasetFacetsBuilder();
    if (location.isPresent()) {
      facets.symlinks(
          openLineage
              .newSymlinksDatasetFacetBuilder()
              .identifiers(
                  List.of(
                      openLineage
                          .newSymlinksDatasetFacetIdentifiersBuilder()
                          .namespace(symlinkNamespace)
                          .name(table)
                          .type("TABLE")
                          .build()))
              .build());
    }
    return facets;
  }
}
