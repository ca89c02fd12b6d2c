package io.headwater.spark.connectors.jdbc;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.RelationStandIn;
import io.headwater.spark.api.RelationStandIn.TableColumn;
import io.headwater.spark.compat.ScalaCollections;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.CTESubstitution;
import org.apache.spark.sql.catalyst.analysis.UnresolvedRelation;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.plans.logical.LocalRelation;
import org.apache.spark.sql.catalyst.plans.logical.LocalRelation$;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.SubqueryAlias;
import org.apache.spark.sql.catalyst.plans.logical.SubqueryAlias$;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Function1;
import scala.runtime.AbstractPartialFunction;

/**
 * The stand-in ({@link RelationStandIn}) of a JDBC read of SQL: the SQL as Spark would analyse it
 * over the tables it reads, so that column lineage traces the read's columns to those tables'
 * columns.
 *
 * <pre>
 *   parsePlan(sql)                     Spark's parser ({@link JdbcQueryRead})
 *   -> CTESubstitution                 WITH definitions become plan children
 *   -> UnresolvedRelation(parts)       each occurrence replaced by
 *        SubqueryAlias(parts, LocalRelation(the table's schema, {@link JdbcTableSchemas}))
 *   -> the session's analyzer          names resolved as Spark resolves them (case-insensitively by default)
 * </pre>
 *
 * The stand-in is {@link RelationStandIn#UNTRACEABLE} — the read's columns get no column lineage,
 * rather than being taken for the columns of a table — unless every table's schema is known, the
 * analysed plan is resolved (an ambiguous or unknown column, a function Spark does not have, SQL
 * Spark cannot parse: untraceable) and it has as many columns as the read. Never throws.
 */
@Internal
public final class JdbcQueryStandIn {
  private static final Logger LOG = LoggerFactory.getLogger(JdbcQueryStandIn.class);

  private JdbcQueryStandIn() {}

  /** The stand-in of {@code node}, a JDBC read of SQL; empty for any other node. */
  public static Optional<RelationStandIn> of(LogicalPlan node) {
    if (!JdbcQueryRead.isQuery(node)) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          JdbcQueryRead.of(node)
              .flatMap(read -> build(read, node.output().size()))
              .orElse(RelationStandIn.UNTRACEABLE));
    } catch (Exception | LinkageError e) { // AnalysisException is a checked exception in Java
      // messages of parser and analyzer quote the SQL: only the type is logged
      LOG.debug("Headwater: no column lineage through a JDBC query ({})", e.getClass().getName());
      return Optional.of(RelationStandIn.UNTRACEABLE);
    }
  }

  private static Optional<RelationStandIn> build(JdbcQueryRead read, int columns) {
    Map<String, StructType> schemas = read.schemasByDbtable();
    Map<List<String>, JdbcQueryRead.Table> tables = new HashMap<>();
    for (JdbcQueryRead.Table table : read.tables()) {
      if (!schemas.containsKey(table.dbtable())) {
        return Optional.empty();
      }
      tables.put(table.parts(), table);
    }
    SparkSession session = read.relation().sparkSession();
    Map<Long, TableColumn> tableColumns = new HashMap<>();
    LogicalPlan parsed =
        CTESubstitution.apply(
            JdbcQueryTables.parse(session.sessionState().sqlParser(), read.sql()));
    LogicalPlan withTables =
        parsed.transformUpWithSubqueries(
            new AbstractPartialFunction<LogicalPlan, LogicalPlan>() {
              @Override
              public boolean isDefinedAt(LogicalPlan node) {
                return node instanceof UnresolvedRelation;
              }

              @Override
              public <A1 extends LogicalPlan, B1> B1 applyOrElse(
                  A1 node, Function1<A1, B1> otherwise) {
                if (!isDefinedAt(node)) {
                  return otherwise.apply(node);
                }
                List<String> parts =
                    List.copyOf(
                        ScalaCollections.asJava(((UnresolvedRelation) node).multipartIdentifier()));
                JdbcQueryRead.Table table = tables.get(parts);
                if (table == null) {
                  throw new IllegalStateException("a relation of the query is not a known table");
                }
                @SuppressWarnings(
                    "unchecked") // B1 is LogicalPlan: the function maps plans to plans
                B1 replaced = (B1) tableLeaf(table, schemas.get(table.dbtable()), tableColumns);
                return replaced;
              }
            });
    LogicalPlan analyzed = session.sessionState().analyzer().execute(withTables);
    if (!analyzed.resolved() || analyzed.output().size() != columns) {
      return Optional.empty();
    }
    return Optional.of(new RelationStandIn(Optional.of(analyzed), tableColumns));
  }

  /**
   * A leaf with the table's columns under the table's name (so {@code orders.id} and {@code
   * sales.orders.id} resolve), each column recorded in {@code tableColumns}; a new one per
   * occurrence, so a self-join's sides have columns of their own.
   */
  private static SubqueryAlias tableLeaf(
      JdbcQueryRead.Table table, StructType schema, Map<Long, TableColumn> tableColumns) {
    LocalRelation leaf = LocalRelation$.MODULE$.apply(schema);
    DatasetIdentifier id = table.id();
    for (Attribute column : ScalaCollections.asJava(leaf.output())) {
      tableColumns.put(
          column.exprId().id(), new TableColumn(id.getNamespace(), id.getName(), column.name()));
    }
    List<String> parts = table.parts();
    String name = parts.get(parts.size() - 1);
    return parts.size() == 1
        ? SubqueryAlias$.MODULE$.apply(name, leaf)
        : SubqueryAlias$.MODULE$.apply(name, parts.get(parts.size() - 2), leaf);
  }
}
