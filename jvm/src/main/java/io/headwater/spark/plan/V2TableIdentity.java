package io.headwater.spark.plan;

import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.analysis.ResolvedIdentifier;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.connector.catalog.CatalogManager;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;

/**
 * The dataset identity of a DataSourceV2 catalog table, the one rule every V2 visitor uses:
 *
 * <ul>
 *   <li>a table with an absolute {@code location} property (created with {@code LOCATION}) is the file dataset of it
 *       ({@link FileDatasetNames}), with a {@code symlinks} entry {@code {namespace: <catalog>, name: <ns>.<table>,
 *       type: TABLE}} naming the table;
 *   <li>a table without one is namespace {@code <catalog>}, name {@code <namespace parts>.<table>}
 *       (e.g. {@code testcat} + {@code ns.t}).
 * </ul>
 *
 * Tables of the session catalog ({@code spark_catalog}) get no identity here: they are named like V1 tables.
 *
 * @param catalog the catalog's name, e.g. {@code testcat}
 * @param table the namespace parts and the table name joined with {@code .}, e.g. {@code ns.t}
 * @param location the file identity of the table's location, when it has one
 */
public record V2TableIdentity(String catalog, String table, Optional<DatasetIdentifier> location) {
  public V2TableIdentity {
    Objects.requireNonNull(catalog, "catalog");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(location, "location");
  }

  /**
   * The identity of table {@code ident} of {@code catalog}, located at {@code location} when given. A relative location
   * is ignored: Spark 4.1 hands it to a V2 catalog unqualified, and only the catalog knows what it is relative to.
   */
  public static V2TableIdentity of(String catalog, Identifier ident, Optional<String> location) {
    Optional<DatasetIdentifier> file =
        location.map(l -> new Path(l).toUri()).filter(V2TableIdentity::isAbsolute).map(FileDatasetNames::of);
    return new V2TableIdentity(catalog, tableName(ident), file);
  }

  private static boolean isAbsolute(URI location) {
    return location.getScheme() != null || (location.getPath() != null && location.getPath().startsWith("/"));
  }

  /**
   * The identity of a relation's table; empty when Spark does not know its catalog and identifier, or the catalog is
   * the session catalog (named like V1 tables, by location; not covered by this rule).
   */
  public static Optional<V2TableIdentity> of(DataSourceV2Relation relation) {
    if (relation.catalog().isEmpty() || relation.identifier().isEmpty() || isSessionCatalog(relation.catalog().get())) {
      return Optional.empty();
    }
    String location = relation.table().properties().get(TableCatalog.PROP_LOCATION);
    return Optional.of(of(relation.catalog().get().name(), relation.identifier().get(), Optional.ofNullable(location)));
  }

  /**
   * The identity of the table a DDL command names ({@code CreateTable.name()} and the like); empty unless the name is
   * a {@link ResolvedIdentifier} of a catalog other than the session catalog.
   */
  public static Optional<V2TableIdentity> of(LogicalPlan name, Optional<String> location) {
    if (!(name instanceof ResolvedIdentifier resolved) || isSessionCatalog(resolved.catalog())) {
      return Optional.empty();
    }
    return Optional.of(of(resolved.catalog().name(), resolved.identifier(), location));
  }

  private static boolean isSessionCatalog(CatalogPlugin catalog) {
    return CatalogManager.SESSION_CATALOG_NAME().equalsIgnoreCase(catalog.name());
  }

  /** {@code ns.t}: the namespace parts and the name, joined with {@code .}. */
  public static String tableName(Identifier ident) {
    return ident.namespace().length == 0 ? ident.name() : String.join(".", ident.namespace()) + "." + ident.name();
  }

  public String namespace() {
    return location.map(DatasetIdentifier::getNamespace).orElse(catalog);
  }

  public String name() {
    return location.map(DatasetIdentifier::getName).orElse(table);
  }

  /** {@code testcat.ns.t}: the catalog and the table, as Spark prints a V2 relation's name. */
  public String qualifiedTable() {
    return catalog + "." + table;
  }

  /** A facets builder holding the {@code symlinks} facet of a located table; an empty one otherwise. */
  public OpenLineage.DatasetFacetsBuilder facets(OpenLineage openLineage) {
    OpenLineage.DatasetFacetsBuilder facets = openLineage.newDatasetFacetsBuilder();
    if (location.isPresent()) {
      facets.symlinks(
          openLineage.newSymlinksDatasetFacetBuilder()
              .identifiers(
                  List.of(
                      openLineage.newSymlinksDatasetFacetIdentifiersBuilder()
                          .namespace(catalog)
                          .name(table)
                          .type("TABLE")
                          .build()))
              .build());
    }
    return facets;
  }
}
