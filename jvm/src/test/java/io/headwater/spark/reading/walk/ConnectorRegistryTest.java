package io.headwater.spark.reading.walk;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.api.Connector;
import io.headwater.spark.junit.Executions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.Join;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.junit.Test;

/**
 * The registry asks a connector's node hooks only at nodes of the types it declares (every node
 * when it declares none), in the connectors' order, and reports a hook that throws without losing
 * the other connectors' answers; on a real plan of the shared local session.
 */
public class ConnectorRegistryTest {
  /** Records the nodes its {@code hiddenQueries} is asked at; declares {@code types}. */
  private static class Recording implements Connector {
    final List<String> asked = new ArrayList<>();
    private final int order;
    private final List<Class<?>> types;

    Recording(int order, List<Class<?>> types) {
      this.order = order;
      this.types = types;
    }

    @Override
    public int order() {
      return order;
    }

    @Override
    public Collection<Class<?>> hookNodeTypes() {
      return types == null ? Connector.super.hookNodeTypes() : types;
    }

    @Override
    public List<LogicalPlan> hiddenQueries(LogicalPlan node) {
      asked.add(node.nodeName());
      return List.of();
    }
  }

  private static final class Throwing extends Recording {
    Throwing() {
      super(10, List.of(Join.class));
    }

    @Override
    public List<LogicalPlan> hiddenQueries(LogicalPlan node) {
      super.hiddenQueries(node);
      throw new IllegalStateException("hiddenQueries is broken");
    }
  }

  private static LogicalPlan joinOfTwoRanges() {
    return Executions.optimized(
        "SELECT a.id, b.id AS other FROM range(3) a JOIN range(4) b ON a.id = b.id");
  }

  @Test
  public void aConnectorIsAskedOnlyAtNodesOfTheTypesItDeclares() {
    Recording joins = new Recording(200, List.of(Join.class));
    Recording everywhere = new Recording(100, null);
    Recording nowhere = new Recording(300, List.of());
    ConnectorRegistry registry =
        ConnectorRegistry.of(
            List.of(nowhere, joins, everywhere),
            (connector, hook, failure) -> {
              throw new AssertionError(failure);
            });
    LogicalPlan plan = joinOfTwoRanges();
    List<String> nodes = new ArrayList<>();
    PlanWalk.walk(
        plan,
        registry,
        List.of(
            new PlanCallback() {
              @Override
              public void enter(LogicalPlan node) {
                nodes.add(node.nodeName());
              }
            }));

    assertEquals(List.of(everywhere, joins, nowhere), registry.connectors());
    assertEquals(List.of("Join"), joins.asked);
    assertEquals(nodes, everywhere.asked);
    assertTrue(nodes.size() > 2);
    assertEquals(List.of(), nowhere.asked);
  }

  @Test
  public void aHookThatThrowsIsReportedAndTheOthersStillAnswer() {
    Throwing broken = new Throwing();
    Recording joins = new Recording(200, List.of(Join.class));
    List<String> failures = new ArrayList<>();
    ConnectorRegistry registry =
        ConnectorRegistry.of(
            List.of(joins, broken),
            (connector, hook, failure) ->
                failures.add(connector.getSimpleName() + "#" + hook + ": " + failure.getMessage()));
    LogicalPlan join = Executions.first(joinOfTwoRanges(), Join.class);

    assertEquals(List.of(), registry.hiddenQueries(join));

    assertEquals(List.of("Throwing#hiddenQueries: hiddenQueries is broken"), failures);
    assertEquals(List.of("Join"), broken.asked);
    assertEquals(List.of("Join"), joins.asked);
  }
}
