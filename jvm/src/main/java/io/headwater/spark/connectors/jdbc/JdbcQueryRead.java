package io.headwater.spark.connectors.jdbc;

import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.naming.JdbcDatasetNames;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.util.CaseInsensitiveMap;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.apache.spark.sql.execution.datasources.jdbc.JDBCOptions;
import org.apache.spark.sql.execution.datasources.jdbc.JDBCRelation;
import org.apache.spark.sql.jdbc.JdbcDialects;
import org.apache.spark.sql.types.StructType;

/**
 * A JDBC read of SQL rather than of a table, and the tables that SQL reads:
 *
 * <pre>
 *   LogicalRelation(JDBCRelation(jdbcOptions{url, query = sql | dbtable = (sql) alias, ...}))
 *     -> sql, and per table the SQL reads ({@link JdbcQueryTables}): its name parts as the SQL writes
 *        them, its dataset identity ({@link JdbcDatasetNames}) and its name as a {@code dbtable}
 *        option takes it (parts that are plain identifiers as written, so the database folds them
 *        as it does in the SQL; others quoted by the dialect)
 * </pre>
 */
final class JdbcQueryRead {
  private static final Pattern PLAIN_IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*");

  /**
   * A table the SQL reads.
   *
   * @param parts the name parts as Spark's parser gives them ({@code [sales, orders]})
   * @param id the dataset identity
   * @param dbtable the table as a {@code dbtable} option names it ({@code sales.orders})
   */
  record Table(List<String> parts, DatasetIdentifier id, String dbtable) {}

  private final JDBCRelation relation;
  private final String sql;
  private final List<Table> tables;

  private JdbcQueryRead(JDBCRelation relation, String sql, List<Table> tables) {
    this.relation = relation;
    this.sql = sql;
    this.tables = tables;
  }

  /** True for a relation over a JDBC read of any kind. */
  static boolean isJdbc(LogicalPlan node) {
    return node instanceof LogicalRelation relation && relation.relation() instanceof JDBCRelation;
  }

  /**
   * The read of {@code node} when it is a JDBC read of SQL; empty for a table read or any other
   * node.
   *
   * @throws IllegalArgumentException when the URL cannot be named or the SQL cannot be parsed
   *     (messages quote neither)
   */
  static Optional<JdbcQueryRead> of(LogicalPlan node) {
    Optional<String> sql = sql(node);
    if (sql.isEmpty()) {
      return Optional.empty();
    }
    JDBCRelation relation = (JDBCRelation) ((LogicalRelation) node).relation();
    JdbcDatasetNames names = names(relation);
    List<Table> tables = new ArrayList<>();
    for (List<String> parts :
        JdbcQueryTables.read(relation.sparkSession().sessionState().sqlParser(), sql.get())) {
      String dbtable = dbtable(relation.jdbcOptions().url(), parts);
      tables.add(new Table(parts, names.table(dbtable), dbtable));
    }
    return Optional.of(new JdbcQueryRead(relation, sql.get(), List.copyOf(tables)));
  }

  /** True for a JDBC read of SQL (cheap: the SQL is not parsed). */
  static boolean isQuery(LogicalPlan node) {
    return sql(node).isPresent();
  }

  /** The SQL a JDBC read reads ({@code query}, or a {@code dbtable} subquery), if it is one. */
  private static Optional<String> sql(LogicalPlan node) {
    if (!isJdbc(node)) {
      return Optional.empty();
    }
    CaseInsensitiveMap<String> parameters =
        ((JDBCRelation) ((LogicalRelation) node).relation()).jdbcOptions().parameters();
    return ScalaCollections.asJava(parameters.get(JDBCOptions.JDBC_QUERY_STRING()))
        .or(
            () ->
                ScalaCollections.asJava(parameters.get(JDBCOptions.JDBC_TABLE_NAME()))
                    .flatMap(JdbcQueryTables::subquery));
  }

  /** The names of the database the read's URL points at. */
  static JdbcDatasetNames names(JDBCRelation relation) {
    JDBCOptions options = relation.jdbcOptions();
    return JdbcDatasetNames.of(options.url(), ScalaCollections.asJava(options.parameters()));
  }

  JDBCRelation relation() {
    return relation;
  }

  String sql() {
    return sql;
  }

  List<Table> tables() {
    return tables;
  }

  /** The Spark schema of each table that could be read in time ({@link JdbcTableSchemas}). */
  Map<String, StructType> schemasByDbtable() {
    return JdbcTableSchemas.of(relation, tables.stream().map(Table::dbtable).toList());
  }

  private static String dbtable(String url, List<String> parts) {
    List<String> written = new ArrayList<>(parts.size());
    for (String part : parts) {
      written.add(
          PLAIN_IDENTIFIER.matcher(part).matches()
              ? part
              : JdbcDialects.get(url).quoteIdentifier(part));
    }
    return String.join(".", written);
  }
}
