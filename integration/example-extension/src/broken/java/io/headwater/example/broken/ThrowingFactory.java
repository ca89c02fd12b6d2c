package io.headwater.example.broken;

import io.headwater.spark.api.AbstractInputDatasetBuilder;
import io.headwater.spark.api.CustomFacetBuilder;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * A factory whose every piece fails in a different place: a visitor in {@code isDefinedAt}, a
 * visitor in {@code apply}, a dataset builder in its constructor, a run facet builder in {@code
 * build}, and the factory itself in {@code createJobFacetBuilders}. None of it may cost the
 * built-in lineage anything.
 */
public final class ThrowingFactory implements OpenLineageEventHandlerFactory {
  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
      createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(new ThrowingIsDefinedAtVisitor(context));
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(new ThrowingApplyVisitor(context));
  }

  @Override
  public Collection<PartialFunction<Object, List<OpenLineage.InputDataset>>>
      createInputDatasetBuilder(OpenLineageContext context) {
    return List.of(new UnconstructibleBuilder(context));
  }

  @Override
  public Collection<CustomFacetBuilder<?, ? extends OpenLineage.RunFacet>> createRunFacetBuilders(
      OpenLineageContext context) {
    return List.of(new ThrowingFacetBuilder());
  }

  @Override
  public Collection<CustomFacetBuilder<?, ? extends OpenLineage.JobFacet>> createJobFacetBuilders(
      OpenLineageContext context) {
    throw new UnsupportedOperationException("ThrowingFactory has no job facets today");
  }

  /** Throws in {@code isDefinedAt} for every node. */
  public static final class ThrowingIsDefinedAtVisitor
      extends QueryPlanVisitor<LogicalPlan, OpenLineage.InputDataset> {
    public ThrowingIsDefinedAtVisitor(OpenLineageContext context) {
      super(context);
    }

    @Override
    public boolean isDefinedAt(LogicalPlan node) {
      throw new IllegalStateException("isDefinedAt is broken");
    }

    @Override
    protected List<OpenLineage.InputDataset> visit(LogicalPlan node) {
      return List.of();
    }
  }

  /** Defined at every root, throws when applied. */
  public static final class ThrowingApplyVisitor
      extends QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> {
    public ThrowingApplyVisitor(OpenLineageContext context) {
      super(context);
    }

    @Override
    protected List<OpenLineage.OutputDataset> visit(LogicalPlan node) {
      throw new IllegalStateException("apply is broken");
    }
  }

  /** Throws in its constructor. */
  public static final class UnconstructibleBuilder extends AbstractInputDatasetBuilder<Object> {
    public UnconstructibleBuilder(OpenLineageContext context) {
      super(context);
      throw new IllegalStateException("the builder cannot be built");
    }

    @Override
    protected List<OpenLineage.InputDataset> build(Object event) {
      return List.of();
    }
  }

  /** Throws in {@code build} for every object. */
  public static final class ThrowingFacetBuilder
      extends CustomFacetBuilder<Object, OpenLineage.RunFacet> {
    @Override
    protected void build(Object event, BiConsumer<String, ? super OpenLineage.RunFacet> consumer) {
      throw new IllegalStateException("build is broken");
    }
  }
}
