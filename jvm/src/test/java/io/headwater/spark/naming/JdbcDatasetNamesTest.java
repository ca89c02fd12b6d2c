package io.headwater.spark.naming;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;

import io.openlineage.client.utils.DatasetIdentifier;
import java.util.List;
import java.util.Map;
import org.junit.Test;

/**
 * Dataset identities of tables behind JDBC URLs: namespace, name, default port and schema,
 * credentials.
 */
public class JdbcDatasetNamesTest {
  private static void assertIdentity(String url, String table, String namespace, String name) {
    assertIdentity(url, Map.of(), table, namespace, name);
  }

  private static void assertIdentity(
      String url, Map<String, String> options, String table, String namespace, String name) {
    DatasetIdentifier id = JdbcDatasetNames.of(url, options).table(table);
    assertEquals(url + " namespace", namespace, id.getNamespace());
    assertEquals(url + " " + table + " name", name, id.getName());
  }

  @Test
  public void postgresHostPortDatabaseAndDefaultSchema() {
    assertIdentity(
        "jdbc:postgresql://db.example:6543/shop",
        "orders",
        "postgres://db.example:6543",
        "shop.public.orders");
    assertIdentity(
        "jdbc:postgresql://db.example:6543/shop",
        "sales.orders",
        "postgres://db.example:6543",
        "shop.sales.orders");
  }

  @Test
  public void aMissingPortIsFilledInAndAMissingHostIsLocalhost() {
    assertIdentity(
        "jdbc:postgresql://db.example/shop", "t", "postgres://db.example:5432", "shop.public.t");
    assertIdentity(
        "jdbc:postgresql://db.example:/shop", "t", "postgres://db.example:5432", "shop.public.t");
    assertIdentity("jdbc:postgresql:shop", "t", "postgres://localhost:5432", "shop.public.t");
    assertIdentity("jdbc:postgresql:///shop", "t", "postgres://localhost:5432", "shop.public.t");
    assertIdentity("jdbc:mysql://m1/shop", "t", "mysql://m1:3306", "shop.t");
  }

  @Test
  public void schemeAndHostAreLowercasedDatabaseKept() {
    assertIdentity(
        "JDBC:PostgreSQL://DB.Example.COM:5432/Shop",
        "t",
        "postgres://db.example.com:5432",
        "Shop.public.t");
  }

  @Test
  public void credentialsAndParametersNeverEnterTheIdentity() {
    String[] urls = {
      "jdbc:postgresql://db:5432/shop?user=alice&password=hunter2",
      "jdbc:postgresql://alice:hunter2@db:5432/shop?ssl=true",
      "jdbc:postgresql://db:5432/shop;password=hunter2",
      "jdbc:postgresql://db:5432/shop#password=hunter2",
    };
    for (String url : urls) {
      JdbcDatasetNames names =
          JdbcDatasetNames.of(url, Map.of("user", "alice", "password", "hunter2"));
      DatasetIdentifier id = names.table("orders");
      assertEquals(url, "postgres://db:5432", id.getNamespace());
      assertEquals(url, "shop.public.orders", id.getName());
      assertFalse(url, (id.getNamespace() + id.getName()).contains("alice"));
      assertFalse(url, (id.getNamespace() + id.getName()).contains("hunter2"));
    }
  }

  @Test
  public void severalHostsNameTheFirstAndIpv6Works() {
    assertIdentity(
        "jdbc:postgresql://h1:5433,h2:5434/shop?targetServerType=primary",
        "t",
        "postgres://h1:5433",
        "shop.public.t");
    assertIdentity(
        "jdbc:postgresql://[::1]:6000/shop", "t", "postgres://[::1]:6000", "shop.public.t");
    assertIdentity("jdbc:postgresql://[::1]/shop", "t", "postgres://[::1]:5432", "shop.public.t");
  }

  @Test
  public void postgresIdentifierRulesFoldUnquotedAndUnquoteQuoted() {
    String url = "jdbc:postgresql://db/shop";
    assertIdentity(url, "Sales.Orders", "postgres://db:5432", "shop.sales.orders");
    assertIdentity(
        url, "\"Sales\".\"Order.Lines\"", "postgres://db:5432", "shop.Sales.Order.Lines");
    assertIdentity(
        url, " sales . \"Say \"\"hi\"\"\" ", "postgres://db:5432", "shop.sales.Say \"hi\"");
    assertIdentity(url, "otherdb.sales.orders", "postgres://db:5432", "otherdb.sales.orders");
    assertEquals(
        "shop.public.orders",
        JdbcDatasetNames.of(url, Map.of()).table(List.of("orders")).getName());
  }

  @Test
  public void otherDatabasesKeepTheCaseOfTableNames() {
    assertIdentity("jdbc:mysql://m1:3307/Shop", "Orders", "mysql://m1:3307", "Shop.Orders");
    assertIdentity("jdbc:sqlite://h/x", "T", "sqlite://h", "x.T");
  }

  @Test
  public void theDatabaseMayComeFromTheOptionsWhenTheUrlHasNone() {
    assertIdentity(
        "jdbc:postgresql://db/",
        Map.of("PGDBNAME", "shop", "password", "x"),
        "t",
        "postgres://db:5432",
        "shop.public.t");
    assertIdentity("jdbc:mysql://m1", Map.of("Database", "shop"), "t", "mysql://m1:3306", "shop.t");
  }

  @Test
  public void unusableUrlsFailWithoutQuotingTheUrl() {
    String[] urls = {
      "jdbc:postgresql://db:5432/?password=hunter2",
      "jdbc:sqlserver:hunter2",
      "postgresql://db/shop?password=hunter2",
      "jdbc:oracle:thin:hunter2@db:1521/svc",
    };
    for (String url : urls) {
      IllegalArgumentException e =
          assertThrows(
              url, IllegalArgumentException.class, () -> JdbcDatasetNames.of(url, Map.of()));
      assertFalse(e.getMessage(), e.getMessage().contains("hunter2"));
    }
    assertThrows(
        IllegalArgumentException.class,
        () -> JdbcDatasetNames.of("jdbc:postgresql://db/shop", Map.of()).table(" "));
  }
}
