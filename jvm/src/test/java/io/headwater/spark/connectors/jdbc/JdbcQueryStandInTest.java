package io.headwater.spark.connectors.jdbc;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.api.RelationStandIn;
import io.headwater.spark.api.RelationStandIn.TableColumn;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.junit.DerbyServer;
import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@link JdbcQueryStandIn} on JDBC reads of a real Derby database served on loopback. */
public class JdbcQueryStandInTest {
  @BeforeClass
  public static void createTables() {
    DerbyServer.execute(
        "CREATE TABLE standin_orders (id INT, customer_id INT, amount DECIMAL(10,2))",
        "CREATE TABLE standin_customers (id INT, name VARCHAR(20))",
        "INSERT INTO standin_orders VALUES (1, 10, 2.50)",
        "INSERT INTO standin_customers VALUES (10, 'Ada')");
  }

  private static LogicalRelation query(String sql) {
    return read("query", sql);
  }

  /** The relation of a JDBC read of the Derby database with {@code option} = {@code value}. */
  private static LogicalRelation read(String option, String value) {
    return Executions.first(
        LocalSpark.session()
            .read()
            .format("jdbc")
            .option("url", DerbyServer.url())
            .option(option, value)
            .load()
            .queryExecution()
            .optimizedPlan(),
        LogicalRelation.class);
  }

  /**
   * For each output column of the stand-in (a projection), "table.COLUMN" of each dataset column it
   * reads.
   */
  private static List<Set<String>> sources(RelationStandIn standIn) {
    LogicalPlan plan = standIn.plan().orElseThrow();
    List<Set<String>> result = new java.util.ArrayList<>();
    for (NamedExpression expression : ScalaCollections.asJava(((Project) plan).projectList())) {
      Set<String> sources = new TreeSet<>();
      for (Attribute reference :
          ScalaCollections.asJavaList(((Expression) expression).references())) {
        TableColumn column = standIn.tableColumns().get(reference.exprId().id());
        if (column != null) {
          String table = column.name().substring(column.name().lastIndexOf('.') + 1);
          sources.add(table + "." + column.field());
        }
      }
      result.add(sources);
    }
    return result;
  }

  @Test
  public void theQueryIsAnalysedOverTheTablesItReads() {
    LogicalRelation read =
        query(
            "SELECT o.id AS order_id, c.name, o.amount * 2 AS doubled FROM standin_orders o"
                + " JOIN app.standin_customers c ON o.customer_id = c.id WHERE o.amount > 1");

    RelationStandIn standIn = JdbcQueryStandIn.of(read).orElseThrow();

    LogicalPlan plan = standIn.plan().orElseThrow();
    assertTrue(plan.resolved());
    assertEquals(read.output().size(), plan.output().size());
    assertEquals(
        List.of(
            Set.of("standin_orders.ID"),
            Set.of("standin_customers.NAME"),
            Set.of("standin_orders.AMOUNT")),
        sources(standIn));
    assertEquals(
        Set.of(
            "derby://" + DerbyServer.authority() + " junitdb.standin_orders",
            "derby://" + DerbyServer.authority() + " junitdb.app.standin_customers"),
        new TreeSet<>(
            standIn.tableColumns().values().stream()
                .map(column -> column.namespace() + " " + column.name())
                .toList()));
  }

  @Test
  public void aSelfJoinsSidesHaveColumnsOfTheirOwn() {
    String selfJoin =
        "SELECT a.id, b.amount FROM standin_orders a JOIN standin_orders b"
            + " ON a.customer_id = b.customer_id";

    RelationStandIn standIn = JdbcQueryStandIn.of(query(selfJoin)).orElseThrow();

    // two leaves of three columns each
    assertEquals(6, standIn.tableColumns().size());
    assertEquals(
        List.of(Set.of("standin_orders.ID"), Set.of("standin_orders.AMOUNT")), sources(standIn));
  }

  @Test
  public void aQuerySparkCannotResolveIsUntraceable() {
    // Derby's IDENTITY_VAL_LOCAL() is no Spark function
    LogicalRelation read = query("SELECT IDENTITY_VAL_LOCAL() AS last_id, id FROM standin_orders");

    assertEquals(Optional.of(RelationStandIn.UNTRACEABLE), JdbcQueryStandIn.of(read));
  }

  @Test
  public void aTableReadAndOtherRelationsHaveNone() {
    LogicalRelation table = read("dbtable", "standin_orders");
    Path files = LocalSpark.newDirectory("standin-negative").resolve("t");
    LocalSpark.session().range(1).write().parquet(files.toString());
    LogicalRelation parquet =
        Executions.first(
            Executions.optimized("SELECT * FROM parquet.`" + files + "`"), LogicalRelation.class);

    assertEquals(Optional.empty(), JdbcQueryStandIn.of(table));
    assertEquals(Optional.empty(), JdbcQueryStandIn.of(parquet));
  }
}
