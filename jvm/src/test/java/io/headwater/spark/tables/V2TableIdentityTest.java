package io.headwater.spark.tables;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.testing.InMemoryTableCatalog;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.catalyst.analysis.ResolvedIdentifier;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.connector.catalog.Column;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableInfo;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.junit.Test;
import scala.Option;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/** The V2 dataset-identity rule, on real catalog tables, relations and resolved identifiers. */
public class V2TableIdentityTest {
  private static final OpenLineage OL = new OpenLineage(URI.create("https://example.com/test"));

  /**
   * No SparkSession: the rule reads one only for session-catalog tables and Iceberg catalogs, which
   * the end-to-end tests cover (tests/test_delta_lineage.py, tests/test_iceberg_lineage.py).
   */
  private static final org.apache.spark.sql.SparkSession NO_SESSION = null;

  private static TableCatalog catalog() {
    InMemoryTableCatalog catalog = new InMemoryTableCatalog();
    catalog.initialize("testcat", CaseInsensitiveStringMap.empty());
    return catalog;
  }

  private static Table create(
      TableCatalog catalog, Identifier ident, Map<String, String> properties) throws Exception {
    TableInfo info =
        new TableInfo.Builder()
            .withColumns(new Column[] {Column.create("id", DataTypes.IntegerType)})
            .withPartitions(new Transform[0])
            .withProperties(properties)
            .build();
    return catalog.createTable(ident, info);
  }

  private static Optional<V2TableIdentity> identityOf(
      Table table, TableCatalog catalog, Identifier ident) {
    return V2TableIdentity.of(
        DataSourceV2Relation.create(table, Option.apply(catalog), Option.apply(ident)), NO_SESSION);
  }

  private static ResolvedIdentifier resolved(TableCatalog catalog, Identifier ident) {
    Seq<Attribute> noOutput = CollectionConverters.asScala(java.util.List.<Attribute>of()).toSeq();
    return new ResolvedIdentifier(catalog, ident, noOutput);
  }

  @Test
  public void tableWithoutLocationIsNamedByCatalogNamespaceAndName() throws Exception {
    TableCatalog catalog = catalog();
    Identifier ident = Identifier.of(new String[] {"db", "sch"}, "orders");
    Table table = create(catalog, ident, Map.of());

    V2TableIdentity id = identityOf(table, catalog, ident).orElseThrow();

    assertEquals("testcat", id.namespace());
    assertEquals("db.sch.orders", id.name());
    assertEquals("testcat.db.sch.orders", id.qualifiedTable());
    assertNull(id.facets(OL).build().getSymlinks());
  }

  @Test
  public void tableWithLocationIsTheFileDatasetWithATableSymlink() throws Exception {
    TableCatalog catalog = catalog();
    Identifier ident = Identifier.of(new String[] {"ns"}, "located");
    Table table =
        create(catalog, ident, Map.of(TableCatalog.PROP_LOCATION, "file:/data/warehouse/located/"));

    V2TableIdentity id = identityOf(table, catalog, ident).orElseThrow();

    assertEquals("file", id.namespace());
    assertEquals("/data/warehouse/located", id.name());
    OpenLineage.SymlinksDatasetFacetIdentifiers symlink =
        id.facets(OL).build().getSymlinks().getIdentifiers().get(0);
    assertEquals("testcat", symlink.getNamespace());
    assertEquals("ns.located", symlink.getName());
    assertEquals("TABLE", symlink.getType());
  }

  @Test
  public void objectStoreLocationsFollowTheFileNamingRules() {
    Identifier ident = Identifier.of(new String[] {"ns"}, "t");
    V2TableIdentity id = V2TableIdentity.of("lake", ident, Optional.of("s3a://bucket/tables/t"));
    assertEquals("s3://bucket", id.namespace());
    assertEquals("tables/t", id.name());
  }

  @Test
  public void relativeLocationIsLeftToTheCatalog() {
    V2TableIdentity id =
        V2TableIdentity.of(
            "testcat", Identifier.of(new String[] {"ns"}, "t"), Optional.of("rel/t"));
    assertEquals("testcat", id.namespace());
    assertEquals("ns.t", id.name());
    assertEquals(Optional.empty(), id.location());
  }

  @Test
  public void resolvedIdentifierOfADdlCommandGivesTheSameIdentity() {
    TableCatalog catalog = catalog();
    Identifier ident = Identifier.of(new String[] {"ns"}, "t");
    V2TableIdentity id =
        V2TableIdentity.of(resolved(catalog, ident), Optional.empty(), NO_SESSION).orElseThrow();

    assertEquals(new V2TableIdentity("testcat", "ns.t", Optional.empty(), "testcat"), id);
  }

  @Test
  public void relationWithoutCatalogOrIdentifierHasNoIdentity() throws Exception {
    TableCatalog catalog = catalog();
    Identifier ident = Identifier.of(new String[] {"ns"}, "t");
    Table table = create(catalog, ident, Map.of());

    assertFalse(
        V2TableIdentity.of(
                DataSourceV2Relation.create(table, Option.empty(), Option.empty()), NO_SESSION)
            .isPresent());
    assertTrue(identityOf(table, catalog, ident).isPresent());
  }

  @Test
  public void tableWithoutNamespaceIsNamedByItsNameAlone() {
    assertEquals("t", V2TableIdentity.tableName(Identifier.of(new String[0], "t")));
  }
}
