package io.headwater.spark.connectors.jdbc;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.RelationStandIn;
import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import scala.PartialFunction;

/**
 * The JDBC connector: reads of JDBC relations, {@code save()} to JDBC, and the stand-in of a read
 * of a {@code query} for column lineage ({@link JdbcQueryStandIn}). Registered in {@code
 * META-INF/services/io.headwater.spark.api.Connector}; order 300 (see {@link Connector}).
 */
@Internal
public final class JdbcConnector implements Connector {
  @Override
  public int order() {
    return 300;
  }

  /** Its hook answers only relations (a JDBC read of a query). */
  @Override
  public Collection<Class<?>> hookNodeTypes() {
    return List.of(LogicalRelation.class);
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
      createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(new JdbcRelationInputVisitor(context));
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(new JdbcSaveIntoDataSourceOutputVisitor(context));
  }

  @Override
  public Optional<RelationStandIn> standIn(LogicalPlan node) {
    return JdbcQueryStandIn.of(node);
  }
}
