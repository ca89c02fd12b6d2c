package io.headwater.spark.connectors.jdbc;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.junit.DerbyServer;
import io.headwater.spark.junit.LocalSpark;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.execution.datasources.jdbc.JDBCOptions;
import org.apache.spark.sql.types.StructType;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * {@link JdbcTableSchemas} against a real Derby database on loopback, an unreachable port and a
 * server that accepts connections but never answers.
 */
public class JdbcTableSchemasTest {
  @BeforeClass
  public static void createTables() {
    LocalSpark.session();
    DerbyServer.execute("CREATE TABLE schemas_orders (id INT, amount DECIMAL(10,2))");
  }

  private static JDBCOptions options(String url, Map<String, String> more) {
    Map<String, String> all = new java.util.HashMap<>(more);
    all.put("url", url);
    return new JDBCOptions(JdbcTableSchemas.scalaMap(all));
  }

  private static List<String> fields(StructType schema) {
    return List.of(schema.fieldNames());
  }

  @Test
  public void aTableIsDescribedAsADbtableReadOfItAndAnUnknownOneIsLeftOut() {
    JDBCOptions read = options(DerbyServer.url(), Map.of("query", "SELECT id FROM schemas_orders"));

    Map<String, StructType> schemas =
        JdbcTableSchemas.of(new Object(), read, List.of("schemas_orders", "app.no_such_table"));

    assertEquals(List.of("schemas_orders"), List.copyOf(schemas.keySet()));
    assertEquals(List.of("ID", "AMOUNT"), fields(schemas.get("schemas_orders")));
    assertEquals(
        "decimal(10,2)", schemas.get("schemas_orders").fields()[1].dataType().simpleString());
  }

  @Test
  public void anUnreachableServerGivesNoSchemaAndNoError() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = socket.getLocalPort();
    }
    JDBCOptions read =
        options(
            "jdbc:derby://127.0.0.1:" + closedPort + "/nowhere",
            Map.of("query", "SELECT 1 FROM t"));

    assertEquals(Map.of(), JdbcTableSchemas.of(new Object(), read, List.of("t")));
  }

  @Test
  public void aServerThatNeverAnswersDoesNotStallTheReading() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
      JDBCOptions read =
          options(
              "jdbc:derby://127.0.0.1:" + silent.getLocalPort() + "/silent",
              Map.of("query", "SELECT 1 FROM t"));
      long start = System.nanoTime();

      Map<String, StructType> schemas = JdbcTableSchemas.of(new Object(), read, List.of("t"));

      Duration waited = Duration.ofNanos(System.nanoTime() - start);
      assertEquals(Map.of(), schemas);
      // the driver would wait for an answer forever; the reading gives up after WAIT
      assertTrue(waited.toString(), waited.compareTo(JdbcTableSchemas.WAIT.plusSeconds(10)) < 0);
      assertTrue(waited.toString(), waited.compareTo(JdbcTableSchemas.WAIT) >= 0);
    } // closing the socket resets the connection the fetch thread still waits on
  }

  @Test
  public void aTableIsFetchedWithTheReadsOptionsButNotItsQueryAndWithABoundedTimeout() {
    JDBCOptions read =
        options(
            DerbyServer.url(),
            Map.of(
                "query", "SELECT 1 FROM t",
                "prepareQuery", "WITH x AS (SELECT 1)",
                "fetchsize", "7",
                "numPartitions", "3"));

    JDBCOptions table = JdbcTableSchemas.tableOptions(read, "sales.orders");

    Map<String, String> parameters = ScalaCollections.asJava(table.parameters());
    assertEquals("sales.orders", table.tableOrQuery());
    assertEquals(7, table.fetchSize());
    assertFalse(parameters.toString(), parameters.containsKey("query"));
    assertFalse(parameters.toString(), parameters.containsKey("preparequery"));
    assertFalse(parameters.toString(), parameters.containsKey("numpartitions"));
    assertEquals(JdbcTableSchemas.QUERY_TIMEOUT_SECONDS, table.queryTimeout());
    assertEquals(
        2,
        JdbcTableSchemas.tableOptions(
                options(DerbyServer.url(), Map.of("query", "SELECT 1", "queryTimeout", "2")), "t")
            .queryTimeout());
  }
}
