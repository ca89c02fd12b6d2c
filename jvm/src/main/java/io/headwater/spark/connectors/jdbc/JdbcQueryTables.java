package io.headwater.spark.connectors.jdbc;

import io.headwater.spark.compat.ScalaCollections;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.catalyst.analysis.UnresolvedRelation;
import org.apache.spark.sql.catalyst.parser.ParserInterface;
import org.apache.spark.sql.catalyst.plans.QueryPlan;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.UnresolvedWith;

/**
 * The tables the SQL of a JDBC {@code query} option (or of a parenthesised {@code dbtable}
 * subquery) reads, found with Spark's own SQL parser:
 *
 * <pre>
 *   parsePlan(sql) -> every UnresolvedRelation(multipartIdentifier), in the main query, in CTE definitions
 *                     (UnresolvedWith.cteRelations) and in subquery expressions; a one-part name that a WITH
 *                     clause of the query defines is a CTE, not a table
 * </pre>
 *
 * SQL that Spark cannot parse (for example PostgreSQL's double-quoted identifiers) gives an
 * exception whose message does not quote the SQL.
 */
final class JdbcQueryTables {
  private JdbcQueryTables() {}

  /**
   * Name parts of each table read, each once, in plan order (main query before CTE definitions and
   * subqueries).
   */
  static List<List<String>> read(ParserInterface parser, String sql) {
    LogicalPlan plan = parse(parser, sql);
    Set<String> cteNames = new LinkedHashSet<>();
    Set<List<String>> tables = new LinkedHashSet<>();
    for (LogicalPlan node : nodes(plan)) {
      if (node instanceof UnresolvedWith with) {
        // (name, query) in Spark 3.5 and 4.0, (name, query, depth) from 4.1: read the name only
        for (Object cte : ScalaCollections.asJava(with.cteRelations())) {
          cteNames.add(
              String.valueOf(((scala.Product) cte).productElement(0)).toLowerCase(Locale.ROOT));
        }
      } else if (node instanceof UnresolvedRelation relation) {
        tables.add(List.copyOf(ScalaCollections.asJava(relation.multipartIdentifier())));
      }
    }
    tables.removeIf(
        name -> name.size() == 1 && cteNames.contains(name.get(0).toLowerCase(Locale.ROOT)));
    return new ArrayList<>(tables);
  }

  /**
   * The unresolved plan of {@code sql}.
   *
   * @throws IllegalArgumentException when Spark's parser cannot parse it (the message does not
   *     quote the SQL)
   */
  static LogicalPlan parse(ParserInterface parser, String sql) {
    try {
      return parser.parsePlan(sql);
    } catch (Exception e) { // ParseException, declared in Scala; its message quotes the SQL
      throw new IllegalArgumentException(
          "Spark's SQL parser cannot parse the JDBC query (" + e.getClass().getSimpleName() + ")");
    }
  }

  /**
   * The SQL inside a {@code dbtable} written as a subquery, {@code (SELECT ...) alias}; empty for a
   * table name.
   */
  static Optional<String> subquery(String dbtable) {
    String text = dbtable == null ? "" : dbtable.trim();
    int close = text.lastIndexOf(')');
    if (!text.startsWith("(") || close < 0) {
      return Optional.empty();
    }
    return Optional.of(text.substring(1, close).trim());
  }

  /**
   * Every node of the parsed plan, depth first: children left to right, then inner children (CTE
   * definitions of {@code UnresolvedWith}, subquery plans) and subquery expressions.
   *
   * <p>Its own walk, not the plan walk ({@code reading.walk.PlanWalk}): that walk sits in a layer
   * above the connectors and asks them for the hidden children of their commands, so a connector
   * that used it would close a dependency cycle. Spark's own traversals do not serve either: {@code
   * foreachWithSubqueries} skips inner children, where a parsed {@code WITH} keeps its CTE
   * definitions. A parsed plan has none of the resolved nodes whose hidden children the plan walk
   * adds, so children, inner children and subqueries are all there is below a node.
   */
  private static List<LogicalPlan> nodes(LogicalPlan root) {
    List<LogicalPlan> all = new ArrayList<>();
    Deque<LogicalPlan> pending = new ArrayDeque<>(List.of(root));
    while (!pending.isEmpty()) {
      LogicalPlan node = pending.pop();
      all.add(node);
      List<LogicalPlan> next = new ArrayList<>(ScalaCollections.asJava(node.children()));
      for (QueryPlan<?> inner : ScalaCollections.asJava(node.innerChildren())) {
        if (inner instanceof LogicalPlan plan) {
          next.add(plan);
        }
      }
      next.addAll(ScalaCollections.asJava(node.subqueries()));
      for (int i = next.size() - 1; i >= 0; i--) {
        pending.push(next.get(i));
      }
    }
    return all;
  }
}
