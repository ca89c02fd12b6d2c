package io.headwater.spark.connectors.jdbc;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.compat.ScalaCollections;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.apache.spark.sql.execution.datasources.jdbc.JDBCOptions;
import org.apache.spark.sql.execution.datasources.jdbc.JDBCRelation;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Inputs of a JDBC read ({@code spark.read.jdbc}, {@code format("jdbc")} with {@code dbtable} or
 * {@code query}).
 *
 * <pre>
 *   LogicalRelation(relation = JDBCRelation(schema, jdbcOptions(url, parameters{dbtable | query, ...})))
 *     dbtable = table name        -> one input named by {@link io.headwater.spark.naming.JdbcDatasetNames};
 *                                    schema = the relation's schema
 *     query = sql, or dbtable = (sql) alias
 *                                 -> one input per table the SQL reads ({@link JdbcQueryRead}); schema = the
 *                                    table's own, asked of the database ({@link JdbcTableSchemas}; none when
 *                                    it cannot be read in time), since the relation's schema is the query's
 *                                    result, not a table's
 * </pre>
 *
 * Does not match a {@code LogicalRelation} over any other relation (files, custom V1 sources).
 */
@Internal
public final class JdbcRelationInputVisitor
    extends QueryPlanVisitor<LogicalRelation, OpenLineage.InputDataset> {
  private static final Logger LOG = LoggerFactory.getLogger(JdbcRelationInputVisitor.class);

  public JdbcRelationInputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return JdbcQueryRead.isJdbc(node);
  }

  @Override
  protected List<OpenLineage.InputDataset> visit(LogicalRelation node) {
    Optional<JdbcQueryRead> query = JdbcQueryRead.of(node);
    List<OpenLineage.InputDataset> inputs = new ArrayList<>();
    if (query.isPresent()) {
      Map<String, StructType> schemas = query.get().schemasByDbtable();
      for (JdbcQueryRead.Table table : query.get().tables()) {
        inputs.add(input(table.id(), schemas.get(table.dbtable())));
      }
      return inputs;
    }
    JDBCRelation relation = (JDBCRelation) node.relation();
    Optional<String> dbtable =
        ScalaCollections.asJava(
            relation.jdbcOptions().parameters().get(JDBCOptions.JDBC_TABLE_NAME()));
    if (dbtable.isPresent()) {
      inputs.add(input(JdbcQueryRead.names(relation).table(dbtable.get()), relation.schema()));
    }
    return inputs;
  }

  private OpenLineage.InputDataset input(DatasetIdentifier id, StructType schema) {
    LOG.debug("Headwater: JDBC input {} {}", id.getNamespace(), id.getName());
    return context.datasetFactory().input(id.getNamespace(), id.getName(), schema);
  }
}
