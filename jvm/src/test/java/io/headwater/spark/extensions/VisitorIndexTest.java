package io.headwater.spark.extensions;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.junit.BuiltInConnectors;
import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.headwater.spark.reading.PlanLineageReader;
import io.openlineage.client.OpenLineage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.Join;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.junit.Test;
import scala.PartialFunction;
import scala.runtime.AbstractPartialFunction;

/**
 * The visitors of one reading indexed by node type ({@link VisitorIndex} in {@link
 * ExtensionVisitors}), on the real plan of a join read by {@link PlanLineageReader}: a typed
 * visitor is asked only at nodes of its type, a visitor typed {@code LogicalPlan} and an untyped
 * partial function at every node; a node's datasets come in the order the visitors are listed, and
 * the first listed suffix wins.
 */
public class VisitorIndexTest {
  private static final OpenLineageContext CONTEXT = LocalSpark.context();
  private static final HeadwaterConfig.ColumnLineageSettings NO_COLUMN_LINEAGE =
      new HeadwaterConfig.ColumnLineageSettings(true, 0, Duration.ofSeconds(30));

  private static OpenLineage.InputDataset dataset(String name) {
    return CONTEXT.openLineage().newInputDatasetBuilder().namespace("mem").name(name).build();
  }

  private static OpenLineage.OutputDataset output(String name) {
    return CONTEXT.openLineage().newOutputDatasetBuilder().namespace("mem").name(name).build();
  }

  /** A typed visitor that remembers every node it is asked about; names one dataset. */
  private static class Asked<T extends LogicalPlan>
      extends QueryPlanVisitor<T, OpenLineage.InputDataset> {
    final List<LogicalPlan> asked = new ArrayList<>();
    private final String name;

    Asked(Class<T> type, String name) {
      super(CONTEXT, type);
      this.name = name;
    }

    @Override
    public boolean isDefinedAt(LogicalPlan node) {
      asked.add(node);
      return super.isDefinedAt(node);
    }

    @Override
    protected List<OpenLineage.InputDataset> visit(T node) {
      return List.of(dataset(name + ":" + node.nodeName()));
    }
  }

  /** A partial function that declares no node type (as a third party may write one). */
  private static final class Untyped
      extends AbstractPartialFunction<LogicalPlan, List<OpenLineage.InputDataset>> {
    final List<LogicalPlan> asked = new ArrayList<>();

    @Override
    public boolean isDefinedAt(LogicalPlan node) {
      asked.add(node);
      return true;
    }

    @Override
    public <A1 extends LogicalPlan, B1> B1 applyOrElse(A1 node, scala.Function1<A1, B1> otherwise) {
      @SuppressWarnings("unchecked")
      B1 result = (B1) List.of(dataset("untyped:" + node.nodeName()));
      return result;
    }
  }

  /** An output visitor of {@code T} with a job-name suffix. */
  private static final class Suffixed<T extends LogicalPlan>
      extends QueryPlanVisitor<T, OpenLineage.OutputDataset> {
    private final String suffix;

    Suffixed(Class<T> type, String suffix) {
      super(CONTEXT, type);
      this.suffix = suffix;
    }

    @Override
    protected List<OpenLineage.OutputDataset> visit(T node) {
      return List.of(output(suffix));
    }

    @Override
    public Optional<String> jobNameSuffix(T node) {
      return Optional.of(suffix);
    }
  }

  private static ExtensionVisitors visitors(
      List<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>> inputs,
      List<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>> outputs) {
    OpenLineageEventHandlerFactory factory =
        new OpenLineageEventHandlerFactory() {
          @Override
          public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
              createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
            return inputs;
          }

          @Override
          public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
              createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
            return outputs;
          }
        };
    return new ExtensionVisitors(
        new Extensions(List.of(factory), new ExtensionFailures()), CONTEXT);
  }

  @Test
  public void aTypedVisitorIsAskedOnlyAtNodesOfItsTypeAnUntypedOneEverywhere() {
    LogicalPlan plan =
        Executions.optimized(
            "SELECT a.id, b.id AS other FROM range(3) a JOIN range(4) b ON a.id = b.id");
    Asked<Join> joins = new Asked<>(Join.class, "join");
    Asked<LogicalPlan> any = new Asked<>(LogicalPlan.class, "any");
    Untyped untyped = new Untyped();

    new PlanLineageReader(BuiltInConnectors.registry(), NO_COLUMN_LINEAGE)
        .read(
            visitors(List.of(untyped, joins, any), List.of()),
            CONTEXT.openLineage(),
            plan,
            Optional.empty(),
            false);

    List<LogicalPlan> joinNodes = untyped.asked.stream().filter(Join.class::isInstance).toList();
    assertFalse(joinNodes.isEmpty());
    assertTrue(untyped.asked.size() > joinNodes.size());
    assertEquals(joinNodes, joins.asked);
    assertEquals(untyped.asked, any.asked);
  }

  @Test
  public void aNodesDatasetsComeInTheOrderTheVisitorsAreListed() {
    LogicalPlan plan =
        Executions.optimized("SELECT a.id FROM range(3) a JOIN range(4) b ON a.id = b.id");
    Join join = Executions.first(plan, Join.class);
    Project project = Executions.first(plan, Project.class);
    ExtensionVisitors visitors =
        visitors(
            List.of(
                new Asked<>(LogicalPlan.class, "any"),
                new Asked<>(Join.class, "join"),
                new Untyped(),
                new Asked<>(Project.class, "project")),
            List.of());

    assertEquals(
        List.of("any:Join", "join:Join", "untyped:Join"),
        visitors.inputsAt(join).stream().map(OpenLineage.InputDataset::getName).toList());
    assertEquals(
        List.of("any:Project", "untyped:Project", "project:Project"),
        visitors.inputsAt(project).stream().map(OpenLineage.InputDataset::getName).toList());
  }

  @Test
  public void theFirstListedSuffixWins() {
    LogicalPlan plan = Executions.optimized("SELECT id + 1 AS next FROM range(3)");
    assertTrue(plan instanceof Project);
    ExtensionVisitors visitors =
        visitors(
            List.of(),
            List.of(
                new Suffixed<>(Join.class, "join"),
                new Suffixed<>(Project.class, "project.first"),
                new Suffixed<>(LogicalPlan.class, "any")));

    assertEquals(
        List.of("project.first", "any"),
        visitors.outputsAt(plan).stream().map(OpenLineage.OutputDataset::getName).toList());
    assertEquals(Optional.of("project_first"), visitors.jobNameSuffix(plan));
  }
}
