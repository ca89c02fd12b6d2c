package io.headwater.spark.plan;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The one walk over an execution's optimized plan. Input visitors are applied to every node, subquery plans in
 * expressions and logical inner children included (Spark 4.1 keeps the query of a V2 CTAS/RTAS there, not among its
 * children), each node once; output visitors to the root. Datasets are kept in plan order, one per
 * namespace and name. A factory or visitor that throws is reported once by {@link ExtensionFailures} and skipped:
 * the rest of the lineage is still returned.
 */
public final class LineageExtractor {
  private final List<OpenLineageEventHandlerFactory> factories;
  private final ExtensionFailures failures;

  /** @param factories in the order they run: user factories first, the built-in last */
  public LineageExtractor(List<OpenLineageEventHandlerFactory> factories, ExtensionFailures failures) {
    this.factories = List.copyOf(factories);
    this.failures = failures;
  }

  public ExecutionLineage extract(OpenLineageContext context, LogicalPlan root) {
    List<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>> inputVisitors =
        create(context, f -> f.createInputDatasetQueryPlanVisitors(context));
    List<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>> outputVisitors =
        create(context, f -> f.createOutputDatasetQueryPlanVisitors(context));

    Map<String, OpenLineage.InputDataset> inputs = new LinkedHashMap<>();
    for (LogicalPlan node : nodes(root)) {
      for (OpenLineage.InputDataset dataset : applyAll(inputVisitors, node)) {
        inputs.putIfAbsent(dataset.getNamespace() + "\u0000" + dataset.getName(), dataset);
      }
    }
    Map<String, OpenLineage.OutputDataset> outputs = new LinkedHashMap<>();
    for (OpenLineage.OutputDataset dataset : applyAll(outputVisitors, root)) {
      outputs.putIfAbsent(dataset.getNamespace() + "\u0000" + dataset.getName(), dataset);
    }
    return new ExecutionLineage(
        new ArrayList<>(inputs.values()), new ArrayList<>(outputs.values()), jobNameSuffix(outputVisitors, root));
  }

  private <D> List<PartialFunction<LogicalPlan, List<D>>> create(
      OpenLineageContext context,
      Function<OpenLineageEventHandlerFactory, Collection<PartialFunction<LogicalPlan, List<D>>>> creator) {
    List<PartialFunction<LogicalPlan, List<D>>> visitors = new ArrayList<>();
    for (OpenLineageEventHandlerFactory factory : factories) {
      try {
        visitors.addAll(creator.apply(factory));
      } catch (Throwable t) {
        failures.report(factory.getClass(), "creating visitors", t);
      }
    }
    return visitors;
  }

  private <D> List<D> applyAll(List<PartialFunction<LogicalPlan, List<D>>> visitors, LogicalPlan node) {
    List<D> result = new ArrayList<>();
    for (PartialFunction<LogicalPlan, List<D>> visitor : visitors) {
      boolean defined;
      try {
        defined = visitor.isDefinedAt(node);
      } catch (Throwable t) {
        failures.report(visitor.getClass(), "isDefinedAt", t);
        continue;
      }
      if (!defined) {
        continue;
      }
      try {
        List<D> datasets = visitor.apply(node);
        if (datasets != null) {
          result.addAll(datasets);
        }
      } catch (Throwable t) {
        failures.report(visitor.getClass(), "apply", t);
      }
    }
    return result;
  }

  private Optional<String> jobNameSuffix(
      List<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>> outputVisitors, LogicalPlan root) {
    for (PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>> visitor : outputVisitors) {
      if (visitor instanceof QueryPlanVisitor<?, ?> planVisitor) {
        try {
          Optional<String> suffix = planVisitor.jobNameSuffixOf(root);
          if (suffix.isPresent() && !suffix.get().isBlank()) {
            return Optional.of(suffix.get().replace('.', '_'));
          }
        } catch (Throwable t) {
          failures.report(visitor.getClass(), "jobNameSuffix", t);
        }
      }
    }
    return Optional.empty();
  }

  /** Every node of the plan, of its logical inner children and of its subquery plans, each once, parents first. */
  private static List<LogicalPlan> nodes(LogicalPlan root) {
    List<LogicalPlan> ordered = new ArrayList<>();
    Set<LogicalPlan> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<LogicalPlan> pending = new ArrayDeque<>();
    pending.push(root);
    while (!pending.isEmpty()) {
      LogicalPlan node = pending.pop();
      if (!seen.add(node)) {
        continue;
      }
      ordered.add(node);
      List<LogicalPlan> next = new ArrayList<>(CollectionConverters.asJava(node.children()));
      for (Object inner : CollectionConverters.asJava(node.innerChildren())) {
        if (inner instanceof LogicalPlan plan) {
          next.add(plan);
        }
      }
      next.addAll(CollectionConverters.asJava(node.subqueries()));
      for (int i = next.size() - 1; i >= 0; i--) {
        pending.push(next.get(i));
      }
    }
    return ordered;
  }
}
