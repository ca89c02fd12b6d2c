package io.headwater.example.broken;

import io.headwater.spark.api.Connector;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * A connector whose node hook throws at every node: the agent reports it once and reads the plan as
 * if the connector answered nothing.
 */
public final class ThrowingConnector implements Connector {
  @Override
  public int order() {
    return 50;
  }

  @Override
  public List<LogicalPlan> hiddenQueries(LogicalPlan node) {
    throw new IllegalStateException("hiddenQueries is broken");
  }
}
