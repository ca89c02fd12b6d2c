package io.headwater.spark.connectors.jdbc;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.DerbyServer;
import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@link JdbcRelationInputVisitor} on JDBC reads of a real Derby database served on loopback. */
public class JdbcRelationInputVisitorTest {
  private final JdbcRelationInputVisitor visitor =
      new JdbcRelationInputVisitor(LocalSpark.context());

  @BeforeClass
  public static void createTables() {
    DerbyServer.execute(
        "CREATE TABLE orders (id INT, amount DECIMAL(10,2))",
        "CREATE TABLE customers (id INT, name VARCHAR(20))",
        "INSERT INTO orders VALUES (1, 2.50)");
  }

  private static DataFrameReader jdbc() {
    return LocalSpark.session().read().format("jdbc").option("url", DerbyServer.url());
  }

  private static LogicalRelation relation(DataFrameReader reader) {
    return Executions.first(reader.load().queryExecution().optimizedPlan(), LogicalRelation.class);
  }

  @Test
  public void aTableReadIsTheTableWithItsSchema() {
    LogicalRelation read = relation(jdbc().option("dbtable", "orders"));

    assertTrue(visitor.isDefinedAt(read));
    OpenLineage.InputDataset input = only(visitor.apply(read));
    assertEquals("derby://" + DerbyServer.authority() + " junitdb.orders", id(input));
    assertEquals(List.of("ID:integer", "AMOUNT:decimal(10,2)"), schema(input));
  }

  @Test
  public void aQueryReadIsEveryTableTheQueryReadsWithTheTablesSchema() {
    LogicalRelation read =
        relation(
            jdbc()
                .option(
                    "query",
                    "SELECT o.id, c.name FROM orders o JOIN app.customers c ON o.id = c.id"));

    List<OpenLineage.InputDataset> inputs = visitor.apply(read);
    assertEquals(
        List.of(
            "derby://" + DerbyServer.authority() + " junitdb.orders",
            "derby://" + DerbyServer.authority() + " junitdb.app.customers"),
        inputs.stream().map(io.headwater.spark.junit.Datasets::id).toList());
    // each table's own columns, as a dbtable read of it reports them, not the query's result
    assertEquals(List.of("ID:integer", "AMOUNT:decimal(10,2)"), schema(inputs.get(0)));
    assertEquals(List.of("ID:integer", "NAME:string"), schema(inputs.get(1)));
  }

  @Test
  public void aSubqueryAsDbtableIsAQuery() {
    LogicalRelation read =
        relation(jdbc().option("dbtable", "(SELECT id FROM customers) AS picked"));

    OpenLineage.InputDataset input = only(visitor.apply(read));
    assertEquals("derby://" + DerbyServer.authority() + " junitdb.customers", id(input));
    assertEquals(List.of("ID:integer", "NAME:string"), schema(input));
  }

  @Test
  public void anEmbeddedDatabaseHasNoDatasetNameAndTheErrorHidesTheUrl() throws SQLException {
    String embedded = "jdbc:derby:memory:jdbc_embedded;create=true";
    try (Connection connection = DriverManager.getConnection(embedded);
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE t (id INT)");
    }
    LogicalRelation read =
        Executions.first(
            LocalSpark.session()
                .read()
                .jdbc(embedded, "t", new Properties())
                .queryExecution()
                .optimizedPlan(),
            LogicalRelation.class);

    assertTrue(visitor.isDefinedAt(read));
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> visitor.apply(read));
    assertFalse(error.getMessage(), error.getMessage().contains("jdbc_embedded"));
  }

  @Test
  public void doesNotFireOnAFileRelation() {
    Path files = LocalSpark.newDirectory("jdbc-negative").resolve("t");
    LocalSpark.session().range(1).write().parquet(files.toString());
    LogicalRelation read =
        Executions.first(
            Executions.optimized("SELECT * FROM parquet.`" + files + "`"), LogicalRelation.class);

    assertFalse(visitor.isDefinedAt(read));
  }
}
