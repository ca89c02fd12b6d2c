package io.headwater.spark.connectors.jdbc;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;

import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.parser.CatalystSqlParser$;
import org.apache.spark.sql.catalyst.parser.ParserInterface;
import org.junit.Test;

/** The tables a JDBC query reads, found with Spark's SQL parser. */
public class JdbcQueryTablesTest {
  private static final ParserInterface PARSER = CatalystSqlParser$.MODULE$;

  private static List<List<String>> read(String sql) {
    return JdbcQueryTables.read(PARSER, sql);
  }

  @Test
  public void aJoinReadsBothTablesInOrderEachOnce() {
    assertEquals(
        List.of(List.of("sales", "orders"), List.of("customers")),
        read(
            "SELECT o.id, c.name FROM sales.orders o JOIN customers c ON o.customer_id = c.id "
                + "JOIN sales.orders o2 ON o2.id = o.id"));
  }

  @Test
  public void cteNamesAreNotTablesButWhatTheyReadIs() {
    assertEquals(
        List.of(List.of("sales", "orders"), List.of("customers")),
        read(
            "WITH c AS (SELECT * FROM customers), big AS (SELECT * FROM c WHERE id > 1) SELECT o.id"
                + " FROM sales.orders o JOIN big ON o.customer_id = big.id JOIN C ON true"));
  }

  @Test
  public void subqueriesInExpressionsAndUnionsAreRead() {
    assertEquals(
        List.of(List.of("a"), List.of("b"), List.of("c")),
        read("SELECT x FROM a WHERE x IN (SELECT y FROM b) UNION ALL SELECT z FROM c"));
  }

  @Test
  public void aQueryWithoutTablesReadsNothing() {
    assertEquals(List.of(), read("SELECT 1 AS one"));
  }

  @Test
  public void unparseableSqlFailsWithoutQuotingIt() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> read("SELECT secret_pw_123 FROM WHERE ((("));
    assertFalse(e.getMessage(), e.getMessage().contains("secret_pw_123"));
  }

  @Test
  public void aParenthesisedDbtableIsASubquery() {
    assertEquals(
        Optional.of("SELECT * FROM t"), JdbcQueryTables.subquery(" (SELECT * FROM t) AS sub"));
    assertEquals(Optional.of("SELECT * FROM t"), JdbcQueryTables.subquery("(SELECT * FROM t) sub"));
    assertEquals(Optional.empty(), JdbcQueryTables.subquery("sales.orders"));
  }
}
