package io.headwater.spark.connectors;

import io.headwater.spark.connectors.jdbc.JdbcQueryStandIn;
import io.headwater.spark.connectors.standin.RelationStandIn;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The stand-ins ({@link RelationStandIn}) of the built-in connectors' relations, for column
 * lineage: a JDBC read of a {@code query} ({@link JdbcQueryStandIn}). Never throws: a relation
 * whose stand-in cannot be built has none.
 */
public final class RelationStandIns {
  private RelationStandIns() {}

  /**
   * The stand-in of {@code node}: {@link RelationStandIn#UNTRACEABLE} for a relation whose columns
   * are computed when the computation cannot be traced; empty for any other node.
   */
  public static Optional<RelationStandIn> of(LogicalPlan node) {
    return JdbcQueryStandIn.of(node);
  }
}
