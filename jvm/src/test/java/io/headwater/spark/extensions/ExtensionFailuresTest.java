package io.headwater.spark.extensions;

import static org.junit.Assert.assertEquals;

import io.headwater.spark.TestContexts;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.util.Collection;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.OneRowRelation;
import org.junit.Test;
import scala.PartialFunction;

/**
 * A visitor that fails as its factory builds it costs only itself; the other factories' visitors
 * still run.
 */
public class ExtensionFailuresTest {
  private static final OpenLineageContext CONTEXT =
      TestContexts.withoutSpark(new OpenLineage(URI.create("https://example/p")));

  static final class FailingVisitor
      extends QueryPlanVisitor<OneRowRelation, OpenLineage.InputDataset> {
    FailingVisitor(OpenLineageContext context) {
      super(context);
      throw new IllegalStateException("no");
    }

    @Override
    protected List<OpenLineage.InputDataset> visit(OneRowRelation node) {
      return List.of();
    }
  }

  static final class WorkingVisitor
      extends QueryPlanVisitor<OneRowRelation, OpenLineage.InputDataset> {
    WorkingVisitor(OpenLineageContext context) {
      super(context);
    }

    @Override
    protected List<OpenLineage.InputDataset> visit(OneRowRelation node) {
      return List.of(context.datasetFactory().input("mem", "row", null));
    }
  }

  static final class FailingFactory implements OpenLineageEventHandlerFactory {
    @Override
    public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
        createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
      return List.of(new FailingVisitor(context));
    }
  }

  static final class WorkingFactory implements OpenLineageEventHandlerFactory {
    @Override
    public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
        createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
      return List.of(new WorkingVisitor(context));
    }
  }

  @Test
  public void aVisitorFailingInItsConstructorIsSkippedAndTheOthersRun() {
    Extensions extensions =
        new Extensions(
            List.of(new FailingFactory(), new WorkingFactory()), new ExtensionFailures());

    List<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>> visitors =
        extensions.create(
            "createInputDatasetQueryPlanVisitors",
            f -> f.createInputDatasetQueryPlanVisitors(CONTEXT));

    assertEquals(List.of(WorkingVisitor.class), visitors.stream().map(Object::getClass).toList());
    assertEquals(
        List.of("row"),
        extensions
            .<LogicalPlan, OpenLineage.InputDataset>applyAll(visitors, new OneRowRelation())
            .stream()
            .map(OpenLineage.Dataset::getName)
            .toList());
  }
}
