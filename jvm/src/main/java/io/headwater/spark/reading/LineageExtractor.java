package io.headwater.spark.reading;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.connectors.delta.DeltaSupport;
import io.headwater.spark.extensions.ExtensionFailures;
import io.headwater.spark.extensions.Extensions;
import io.headwater.spark.facets.ColumnLineageSkip;
import io.headwater.spark.reading.columns.AnalysisBudget;
import io.headwater.spark.reading.columns.ColumnLineageAnalyzer;
import io.headwater.spark.reading.columns.ColumnLineageFacets;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceData;
import org.apache.spark.sql.catalyst.plans.logical.V2CreateTableAsSelectPlan;
import org.apache.spark.sql.catalyst.plans.logical.V2WriteCommand;
import org.apache.spark.sql.catalyst.plans.logical.WriteDelta;
import org.apache.spark.sql.execution.QueryExecution;
import scala.PartialFunction;

/**
 * The one walk over an execution's optimized plan. Input visitors are applied to every node ({@link
 * PlanChildren} says which: subquery plans, cached plans and the hidden queries of commands
 * included), each node once; output visitors to the root. Datasets are kept in plan order, one per
 * namespace and name. A factory or visitor that throws is reported once by {@link
 * ExtensionFailures} and skipped: the rest of the lineage is still returned.
 */
public final class LineageExtractor {
  private final Extensions extensions;
  private final ExtensionFailures failures;
  private final HeadwaterConfig.ColumnLineageSettings columnLineage;

  /**
   * @param factories in the order they run: user factories first, the built-in last
   * @param columnLineage how the outputs' {@code columnLineage} facet is built
   */
  public LineageExtractor(
      List<OpenLineageEventHandlerFactory> factories,
      ExtensionFailures failures,
      HeadwaterConfig.ColumnLineageSettings columnLineage) {
    this.extensions = new Extensions(factories, failures);
    this.failures = failures;
    this.columnLineage = columnLineage;
  }

  /** The factories this extractor runs, for the dataset and facet builders evaluated next to it. */
  public Extensions extensions() {
    return extensions;
  }

  public ExecutionLineage extract(OpenLineageContext context, LogicalPlan root) {
    List<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>> inputVisitors =
        extensions.create(
            "createInputDatasetQueryPlanVisitors",
            f -> f.createInputDatasetQueryPlanVisitors(context));
    List<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>> outputVisitors =
        extensions.create(
            "createOutputDatasetQueryPlanVisitors",
            f -> f.createOutputDatasetQueryPlanVisitors(context));

    Map<LogicalPlan, ColumnLineageAnalyzer.SourceDataset> relationDatasets =
        new IdentityHashMap<>();
    Map<String, OpenLineage.InputDataset> inputs = inputs(inputVisitors, root, relationDatasets);
    Map<String, OpenLineage.OutputDataset> outputs = new LinkedHashMap<>();
    List<ColumnLineageSkip> skips = new ArrayList<>();
    for (OpenLineage.OutputDataset dataset :
        extensions.<LogicalPlan, OpenLineage.OutputDataset>applyAll(outputVisitors, root)) {
      String key = dataset.getNamespace() + "\u0000" + dataset.getName();
      if (!outputs.containsKey(key)) {
        outputs.put(
            key, withColumnLineage(context, dataset, writtenQuery(root), relationDatasets, skips));
      }
    }
    return new ExecutionLineage(
        new ArrayList<>(inputs.values()),
        new ArrayList<>(outputs.values()),
        jobNameSuffix(outputVisitors, root),
        skips);
  }

  /**
   * The declared lineage of a query that is not run (a JobEvent of the Python API): the inputs of
   * {@code query} (input visitors on every node, as in {@link #extract}) and {@code output} with
   * the {@code columnLineage} facet of the query's columns, when its schema matches them.
   */
  public ExecutionLineage declared(
      OpenLineageContext context, LogicalPlan query, OpenLineage.OutputDataset output) {
    List<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>> inputVisitors =
        extensions.create(
            "createInputDatasetQueryPlanVisitors",
            f -> f.createInputDatasetQueryPlanVisitors(context));
    Map<LogicalPlan, ColumnLineageAnalyzer.SourceDataset> relationDatasets =
        new IdentityHashMap<>();
    Map<String, OpenLineage.InputDataset> inputs = inputs(inputVisitors, query, relationDatasets);
    List<ColumnLineageSkip> skips = new ArrayList<>();
    OpenLineage.OutputDataset withLineage =
        withColumnLineage(context, output, Optional.of(query), relationDatasets, skips);
    return new ExecutionLineage(
        new ArrayList<>(inputs.values()), List.of(withLineage), Optional.empty(), skips);
  }

  /**
   * The input datasets of every node under {@code root}, recording each single-dataset relation's
   * dataset.
   */
  private Map<String, OpenLineage.InputDataset> inputs(
      List<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>> inputVisitors,
      LogicalPlan root,
      Map<LogicalPlan, ColumnLineageAnalyzer.SourceDataset> relationDatasets) {
    Map<String, OpenLineage.InputDataset> inputs = new LinkedHashMap<>();
    for (LogicalPlan node : nodes(root)) {
      List<OpenLineage.InputDataset> found = extensions.applyAll(inputVisitors, node);
      if (found.size() == 1) {
        relationDatasets.put(
            node,
            new ColumnLineageAnalyzer.SourceDataset(
                found.get(0).getNamespace(), found.get(0).getName()));
      }
      for (OpenLineage.InputDataset dataset : found) {
        inputs.putIfAbsent(dataset.getNamespace() + "\u0000" + dataset.getName(), dataset);
      }
    }
    return inputs;
  }

  /**
   * {@code output} with the {@code columnLineage} facet of the query the root writes, when there is
   * one whose columns match the output's schema. An output over {@code
   * columnLineage.schemaSizeLimit} fields, or whose analysis runs past {@code
   * columnLineage.timeBudget}, keeps no facet and is added to {@code skips}. A failure leaves the
   * dataset as it was (reported once).
   */
  private OpenLineage.OutputDataset withColumnLineage(
      OpenLineageContext context,
      OpenLineage.OutputDataset output,
      Optional<LogicalPlan> written,
      Map<LogicalPlan, ColumnLineageAnalyzer.SourceDataset> relationDatasets,
      List<ColumnLineageSkip> skips) {
    try {
      OpenLineage.SchemaDatasetFacet schema =
          output.getFacets() == null ? null : output.getFacets().getSchema();
      if (schema == null || schema.getFields() == null || written.isEmpty()) {
        return output;
      }
      LogicalPlan query = written.get();
      List<String> names =
          schema.getFields().stream().map(OpenLineage.SchemaDatasetFacetFields::getName).toList();
      if (query.output().size() != names.size()) {
        return output;
      }
      if (names.size() > columnLineage.schemaSizeLimit()) {
        skips.add(
            new ColumnLineageSkip(
                output.getNamespace(),
                output.getName(),
                ColumnLineageSkip.Reason.SCHEMA_SIZE_LIMIT,
                names.size(),
                columnLineage.schemaSizeLimit()));
        return output;
      }
      ColumnLineageAnalyzer.Result result;
      try {
        result =
            new ColumnLineageAnalyzer(
                    node -> Optional.ofNullable(relationDatasets.get(node)),
                    AnalysisBudget.startingNow(columnLineage.timeBudget()),
                    context.queryExecution().map(QueryExecution::analyzed))
                .analyse(query, names);
      } catch (AnalysisBudget.Exceeded exceeded) {
        skips.add(
            new ColumnLineageSkip(
                output.getNamespace(),
                output.getName(),
                ColumnLineageSkip.Reason.TIME_BUDGET,
                names.size(),
                exceeded.budget().toMillis()));
        return output;
      }
      OpenLineage.ColumnLineageDatasetFacet facet =
          ColumnLineageFacets.of(
              context.openLineage(), result, columnLineage.datasetLineageEnabled());
      OpenLineage.DatasetFacets facets =
          OpenLineageClientUtils.mergeFacets(
              Map.of("columnLineage", facet), output.getFacets(), OpenLineage.DatasetFacets.class);
      return context
          .openLineage()
          .newOutputDatasetBuilder()
          .namespace(output.getNamespace())
          .name(output.getName())
          .facets(facets)
          .outputFacets(output.getOutputFacets())
          .build();
    } catch (Throwable t) {
      failures.report(ColumnLineageAnalyzer.class, "column lineage", t);
      return output;
    }
  }

  /**
   * The query whose rows a write command writes: the {@code query} of a DataSourceV2 write or CTAS
   * (whose first child is the table's identifier), else the command's first child or hidden query
   * ({@link PlanChildren}); none for a row-level MERGE/UPDATE/DELETE (Spark's {@code
   * ReplaceData}/{@code WriteDelta}, Delta's commands), whose written rows mix the table's own rows
   * with the changed ones: no facet rather than a wrong one.
   */
  private static Optional<LogicalPlan> writtenQuery(LogicalPlan root) {
    if (root instanceof ReplaceData
        || root instanceof WriteDelta
        || DeltaSupport.isRowLevelCommand(root)) {
      return Optional
          .empty(); // MERGE/UPDATE/DELETE: no query of the written rows to analyse (not covered
      // yet)
    }
    if (root instanceof V2CreateTableAsSelectPlan ctas) {
      return Optional.of(ctas.query());
    }
    if (root instanceof V2WriteCommand write) {
      return Optional.of(write.query());
    }
    List<LogicalPlan> below = PlanChildren.of(root);
    return below.isEmpty() ? Optional.empty() : Optional.of(below.get(0));
  }

  private Optional<String> jobNameSuffix(
      List<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>> outputVisitors,
      LogicalPlan root) {
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

  /**
   * Every node of the plan and of the plans below it ({@link PlanChildren}), each once, parents
   * first.
   */
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
      List<LogicalPlan> next = PlanChildren.of(node);
      for (int i = next.size() - 1; i >= 0; i--) {
        pending.push(next.get(i));
      }
    }
    return ordered;
  }
}
