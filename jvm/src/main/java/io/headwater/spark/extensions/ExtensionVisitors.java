package io.headwater.spark.extensions;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.reading.PlanVisitors;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * The factories' plan visitors for one reading, created once with the run's context (user factories
 * first, the built-in last), each call isolated by {@link Extensions}. A node meets only the
 * visitors of its type ({@link VisitorIndex}).
 */
final class ExtensionVisitors implements PlanVisitors {
  private final Extensions extensions;
  private final VisitorIndex<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
      inputVisitors;
  private final VisitorIndex<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      outputVisitors;

  ExtensionVisitors(Extensions extensions, OpenLineageContext context) {
    this.extensions = extensions;
    this.inputVisitors =
        new VisitorIndex<>(
            extensions.create(
                "createInputDatasetQueryPlanVisitors",
                f -> f.createInputDatasetQueryPlanVisitors(context)));
    this.outputVisitors =
        new VisitorIndex<>(
            extensions.create(
                "createOutputDatasetQueryPlanVisitors",
                f -> f.createOutputDatasetQueryPlanVisitors(context)));
  }

  @Override
  public List<OpenLineage.InputDataset> inputsAt(LogicalPlan node) {
    return extensions.applyAll(inputVisitors.at(node), node);
  }

  @Override
  public List<OpenLineage.OutputDataset> outputsAt(LogicalPlan root) {
    return extensions.applyAll(outputVisitors.at(root), root);
  }

  @Override
  public Optional<String> jobNameSuffix(LogicalPlan root) {
    for (PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>> visitor :
        outputVisitors.at(root)) {
      if (visitor instanceof QueryPlanVisitor<?, ?> planVisitor) {
        try {
          Optional<String> suffix = planVisitor.jobNameSuffixOf(root);
          if (suffix.isPresent() && !suffix.get().isBlank()) {
            return Optional.of(suffix.get().replace('.', '_'));
          }
        } catch (RuntimeException | LinkageError e) {
          extensions.failures().report(visitor.getClass(), "jobNameSuffix", e);
        }
      }
    }
    return Optional.empty();
  }

  @Override
  public void reportFailure(Class<?> owner, String stage, Throwable failure) {
    extensions.failures().report(owner, stage, failure);
  }
}
