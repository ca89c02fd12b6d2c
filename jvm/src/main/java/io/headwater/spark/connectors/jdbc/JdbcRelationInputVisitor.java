package io.headwater.spark.connectors.jdbc;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.naming.JdbcDatasetNames;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.util.CaseInsensitiveMap;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.apache.spark.sql.execution.datasources.jdbc.JDBCOptions;
import org.apache.spark.sql.execution.datasources.jdbc.JDBCRelation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Inputs of a JDBC read ({@code spark.read.jdbc}, {@code format("jdbc")} with {@code dbtable} or
 * {@code query}).
 *
 * <pre>
 *   LogicalRelation(relation = JDBCRelation(schema, jdbcOptions(url, parameters{dbtable | query, ...})))
 *     dbtable = table name        -> one input named by {@link JdbcDatasetNames}; schema = the relation's schema
 *     query = sql, or dbtable = (sql) alias
 *                                 -> one input per table the SQL reads ({@link JdbcQueryTables}); no schema facet,
 *                                    since the relation's schema is the query's result, not a table's
 * </pre>
 *
 * Does not match a {@code LogicalRelation} over any other relation (files, custom V1 sources).
 */
public final class JdbcRelationInputVisitor
    extends QueryPlanVisitor<LogicalRelation, OpenLineage.InputDataset> {
  private static final Logger LOG = LoggerFactory.getLogger(JdbcRelationInputVisitor.class);

  public JdbcRelationInputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof LogicalRelation relation && relation.relation() instanceof JDBCRelation;
  }

  @Override
  protected List<OpenLineage.InputDataset> visit(LogicalRelation node) {
    JDBCRelation relation = (JDBCRelation) node.relation();
    JDBCOptions options = relation.jdbcOptions();
    CaseInsensitiveMap<String> parameters = options.parameters();
    JdbcDatasetNames names =
        JdbcDatasetNames.of(options.url(), ScalaCollections.asJava(parameters));
    Optional<String> dbtable =
        ScalaCollections.asJava(parameters.get(JDBCOptions.JDBC_TABLE_NAME()));
    Optional<String> sql =
        ScalaCollections.asJava(parameters.get(JDBCOptions.JDBC_QUERY_STRING()))
            .or(() -> dbtable.flatMap(JdbcQueryTables::subquery));

    List<OpenLineage.InputDataset> inputs = new ArrayList<>();
    if (sql.isPresent()) {
      for (List<String> table :
          JdbcQueryTables.read(relation.sparkSession().sessionState().sqlParser(), sql.get())) {
        inputs.add(input(names.table(table), null));
      }
    } else if (dbtable.isPresent()) {
      inputs.add(input(names.table(dbtable.get()), relation.schema()));
    }
    return inputs;
  }

  private OpenLineage.InputDataset input(
      DatasetIdentifier id, org.apache.spark.sql.types.StructType schema) {
    LOG.debug("Headwater: JDBC input {} {}", id.getNamespace(), id.getName());
    return context.datasetFactory().input(id.getNamespace(), id.getName(), schema);
  }
}
