package io.headwater.spark.reading.columns;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.RelationStandIn;
import io.headwater.spark.api.RowLevelWrite;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.reading.walk.ConnectorRegistry;
import io.headwater.spark.reading.walk.PlanCallback;
import io.headwater.spark.reading.walk.PlanWalk;
import io.headwater.spark.versions.SparkVersions;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.catalyst.plans.logical.Aggregate;
import org.apache.spark.sql.catalyst.plans.logical.BaseEvalPython;
import org.apache.spark.sql.catalyst.plans.logical.BaseEvalPythonUDTF;
import org.apache.spark.sql.catalyst.plans.logical.CTERelationDef;
import org.apache.spark.sql.catalyst.plans.logical.CTERelationRef;
import org.apache.spark.sql.catalyst.plans.logical.Expand;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.Generate;
import org.apache.spark.sql.catalyst.plans.logical.Join;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.catalyst.plans.logical.Sort;
import org.apache.spark.sql.catalyst.plans.logical.Union;
import org.apache.spark.sql.catalyst.plans.logical.Window;
import org.apache.spark.sql.catalyst.plans.logical.WithCTE;
import org.apache.spark.sql.execution.columnar.InMemoryRelation;

/**
 * Column lineage, as a callback of the one plan walk ({@link PlanWalk}): for every column a query
 * outputs, the input fields its value depends on (DIRECT), and the input fields that decide which
 * rows the query keeps or how it orders them (INDIRECT: filters, join keys, grouping, sorting,
 * windows), which hold for every output column.
 *
 * <p>It works on leaving a node (post-order): a relation the input visitors named gives its columns
 * themselves as sources; every operator that creates columns maps each new column ({@code ExprId})
 * to the sources of the columns its expression uses, whose nodes the walk has already left. Work is
 * linear in the number of plan nodes and expression nodes. The row-level sources (filters, joins,
 * grouping, sorting, windows, and the operators that only choose rows, as the analyzer leaves
 * {@code DISTINCT}, {@code dropDuplicates}, {@code INTERSECT} and {@code EXCEPT}) are gathered by
 * {@link RowLevelSources}. It analyses the nodes of one query (the rows a command writes) and what
 * that query reads, not the rest of the plan; after the walk, {@link #result} reads the query's
 * lineage. Plans the walk may not reach (a subquery plan met in an expression, a CTE definition
 * referenced from outside its {@code WITH}) are analysed on demand, each node still once. A
 * relation with a stand-in ({@link RelationStandIn}, a JDBC read of a query) is traced through it:
 * its column {@code i} has the sources of the stand-in's column {@code i}, whose leaves are columns
 * of the datasets the query reads, and the stand-in's filters, joins and grouping are row-level
 * sources of the whole query; an untraceable relation's columns have no sources.
 */
@Internal
public final class ColumnLineageAnalyzer implements PlanCallback {
  /** The dataset of a relation, when the input visitors named exactly one. */
  public record SourceDataset(String namespace, String name) {}

  private final Function<LogicalPlan, Optional<SourceDataset>> datasets;
  private final ConnectorRegistry connectors;
  private final Map<Long, FieldSources> columns = new HashMap<>();
  private final IdentityHashMap<LogicalPlan, Boolean> visited = new IdentityHashMap<>();
  private final Map<Long, CTERelationDef> cteDefinitions = new HashMap<>();
  private final ExpressionSources expressions;
  private final AnalysisBudget budget;
  private final RowLevelSources rows;
  private final LogicalPlan query;
  private final Descriptions descriptions;
  private boolean inQuery;

  /**
   * @param query the query whose columns are traced (a write's rows, a declared job's DataFrame)
   * @param datasets the dataset a relation node reads, when the input visitors named exactly one
   * @param connectors asked for the stand-in of a relation node ({@code Connector#standIn},
   *     consulted before {@code datasets}) and what is below their commands (the plan walk)
   * @param budget how long the analysis may take; {@link #result} throws {@link
   *     AnalysisBudget.Exceeded} past it
   * @param analyzed the query's analyzed plan, to tell the {@code IS NOT NULL} filters the
   *     optimizer inferred from those the user wrote; empty when there is none (every filter
   *     counts)
   * @param descriptionRedaction with every transformation described by the SQL text of what made it
   *     ({@link Descriptions}, {@code spark.openlineage.columnLineage.descriptionsEnabled}): what
   *     each description goes through before it is kept (the event's SQL redaction); null for no
   *     descriptions
   */
  public ColumnLineageAnalyzer(
      LogicalPlan query,
      Function<LogicalPlan, Optional<SourceDataset>> datasets,
      ConnectorRegistry connectors,
      AnalysisBudget budget,
      Optional<LogicalPlan> analyzed,
      java.util.function.UnaryOperator<String> descriptionRedaction) {
    this.query = query;
    this.descriptions =
        descriptionRedaction == null ? Descriptions.NONE : new Descriptions(descriptionRedaction);
    this.datasets = datasets;
    this.connectors = connectors;
    this.budget = budget;
    this.expressions =
        new ExpressionSources(
            this::sourcesOf,
            plan -> {
              analyse(plan);
              return null;
            },
            budget);
    this.rows =
        new RowLevelSources(
            expressions,
            descriptions,
            analyzed
                .map(plan -> InferredFilters.from(plan, connectors))
                .orElseGet(InferredFilters::none));
  }

  /**
   * The lineage of the query's output columns, by position, named {@code outputNames}; analyses
   * what the walk did not reach.
   *
   * @throws AnalysisBudget.Exceeded when the analysis runs past its budget
   */
  public Result result(List<String> outputNames) {
    analyse(query);
    List<Attribute> output = ScalaCollections.asJava(query.output());
    Map<String, FieldSources> fields = new LinkedHashMap<>();
    for (int i = 0; i < output.size(); i++) {
      String name = i < outputNames.size() ? outputNames.get(i) : output.get(i).name();
      fields.put(name, sourcesOf(output.get(i)));
    }
    return new Result(fields, rows.sources());
  }

  /** Output column name → its sources, and the row-level (INDIRECT) sources of the whole query. */
  public record Result(Map<String, FieldSources> fields, FieldSources rowLevel) {}

  /**
   * The lineage of row-level write {@code write} into {@code table}, whose fields are {@code
   * outputNames} ({@link RowLevelLineage}); analyses the plans it needs, after the walk named the
   * datasets they read.
   *
   * @throws AnalysisBudget.Exceeded when the analysis runs past its budget
   */
  public Result rowLevelResult(RowLevelWrite write, List<String> outputNames, SourceDataset table) {
    return new RowLevelLineage(this, expressions, rows).of(write, outputNames, table);
  }

  /** Gives column {@code attribute} the sources {@code sources}, unless it has some already. */
  void seed(Attribute attribute, FieldSources sources) {
    columns.putIfAbsent(attribute.exprId().id(), sources);
  }

  /** Analyses {@code plan} now, dropping the row-level sources of its operators ({@link #seed}). */
  void analyseMuted(LogicalPlan plan) {
    rows.mute(true);
    try {
      analyse(plan);
    } finally {
      rows.mute(false);
    }
  }

  private FieldSources sourcesOf(Attribute attribute) {
    return columns.getOrDefault(attribute.exprId().id(), FieldSources.NONE);
  }

  /** Registers a {@code WITH}'s definitions before the walk reaches their references. */
  @Override
  public void enter(LogicalPlan node) {
    if (node == query) {
      inQuery = true;
    }
    if (node instanceof WithCTE with) {
      ScalaCollections.asJava(with.cteDefs())
          .forEach(definition -> cteDefinitions.put(definition.id(), definition));
    }
  }

  @Override
  public void leave(LogicalPlan node) {
    if (inQuery && visited.put(node, Boolean.TRUE) == null) {
      budget.tick();
      columnsOf(node);
    }
    if (node == query) {
      inQuery = false;
    }
  }

  /** Analyses {@code plan} now, unless the walk (or an earlier call) already did. */
  void analyse(LogicalPlan plan) {
    if (visited.containsKey(plan)) {
      return;
    }
    boolean wasInQuery = inQuery;
    inQuery = true;
    try {
      RuntimeException failure = PlanWalk.walk(plan, connectors, List.of(this)).of(this);
      if (failure != null) {
        throw failure;
      }
    } finally {
      inQuery = wasInQuery;
    }
  }

  /** Maps the columns {@code node} creates to their sources; every node below it is done. */
  private void columnsOf(LogicalPlan node) {
    if (node.children().isEmpty()) {
      Optional<RelationStandIn> standIn = connectors.standIn(node);
      if (standIn.isPresent()) {
        throughStandIn(node, standIn.get());
        return;
      }
    }
    Optional<SourceDataset> dataset = datasets.apply(node);
    if (dataset.isPresent()) {
      for (Attribute attribute : ScalaCollections.asJava(node.output())) {
        columns.put(
            attribute.exprId().id(),
            FieldSources.of(
                new SourceField(dataset.get().namespace(), dataset.get().name(), attribute.name()),
                descriptions.of(Transformation.IDENTITY, attribute::sql)));
      }
      return;
    }
    if (node instanceof Project project) {
      define(project.projectList());
    } else if (node instanceof Aggregate aggregate) {
      define(aggregate.aggregateExpressions());
      rows.grouping(aggregate);
    } else if (node instanceof Window window) {
      define(window.windowExpressions());
      rows.window(window);
    } else if (node instanceof Filter filter) {
      rows.filter(filter);
    } else if (node instanceof Join join) {
      rows.join(join);
    } else if (node instanceof Sort sort && sort.global()) {
      // a local sort (sortWithinPartitions, or the one Spark adds to write partitions) orders no
      // output
      rows.sort(sort);
    } else if (node instanceof Union union) {
      mergeByPosition(union.output(), ScalaCollections.asJava(union.children()));
    } else if (node instanceof Generate generate) {
      FieldSources generated = expressions.of((Expression) generate.generator());
      for (Attribute attribute : ScalaCollections.asJava(generate.generatorOutput())) {
        columns.put(attribute.exprId().id(), generated);
      }
    } else if (node instanceof Expand expand) {
      List<Attribute> output = ScalaCollections.asJava(expand.output());
      for (scala.collection.Seq<Expression> projection :
          ScalaCollections.asJava(expand.projections())) {
        List<Expression> values = ScalaCollections.asJava(projection);
        for (int i = 0; i < output.size() && i < values.size(); i++) {
          columns
              .computeIfAbsent(output.get(i).exprId().id(), id -> new FieldSources())
              .addAll(expressions.of(values.get(i)));
        }
      }
    } else if (node instanceof InMemoryRelation cached
        && SparkVersions.cachedPlans().logicalPlan(cached) != null) {
      LogicalPlan plan = SparkVersions.cachedPlans().logicalPlan(cached);
      analyse(plan);
      mergeByPosition(cached.output(), List.of(plan));
    } else if (node instanceof CTERelationRef reference
        && cteDefinitions.containsKey(reference.cteId())) {
      CTERelationDef definition = cteDefinitions.get(reference.cteId());
      analyse(definition);
      mergeByPosition(reference.output(), List.of(definition));
    } else if (node instanceof BaseEvalPython python) {
      // the optimizer moves Python UDF calls into this node: result i is udf i of its arguments
      List<Attribute> results = ScalaCollections.asJava(python.resultAttrs());
      List<? extends Expression> udfs = ScalaCollections.asJava(python.udfs());
      for (int i = 0; i < results.size() && i < udfs.size(); i++) {
        columns.put(results.get(i).exprId().id(), expressions.of(udfs.get(i)));
      }
    } else if (node instanceof BaseEvalPythonUDTF udtf) {
      FieldSources generated = expressions.of(udtf.udtf());
      for (Attribute attribute : ScalaCollections.asJava(udtf.resultAttrs())) {
        columns.put(attribute.exprId().id(), generated);
      }
    } else if (!rows.choosesRows(node)) {
      derivedFromAllInputs(node);
    }
  }

  /**
   * Traces {@code relation}'s columns through its stand-in's, by position; an untraceable one's
   * columns get no sources.
   */
  private void throughStandIn(LogicalPlan relation, RelationStandIn standIn) {
    if (standIn.plan().isEmpty()) {
      return;
    }
    LogicalPlan plan = standIn.plan().get();
    standIn
        .tableColumns()
        .forEach(
            (exprId, column) ->
                columns.put(
                    exprId,
                    FieldSources.of(
                        new SourceField(column.namespace(), column.name(), column.field()),
                        Transformation.IDENTITY)));
    analyse(plan);
    mergeByPosition(relation.output(), List.of(plan));
  }

  /**
   * An operator this class does not know (for example {@code mapInPandas} or a typed Dataset
   * function) that makes new columns: each new column may depend on any column of its inputs, so it
   * gets all of them as TRANSFORMATION. Columns it passes through keep their own sources.
   */
  private void derivedFromAllInputs(LogicalPlan node) {
    List<LogicalPlan> children = ScalaCollections.asJava(node.children());
    if (children.isEmpty()) {
      return;
    }
    java.util.Set<Long> passedThrough = new java.util.HashSet<>();
    for (LogicalPlan child : children) {
      ScalaCollections.asJava(child.output())
          .forEach(input -> passedThrough.add(input.exprId().id()));
    }
    FieldSources all = null;
    for (Attribute attribute : ScalaCollections.asJava(node.output())) {
      if (passedThrough.contains(attribute.exprId().id())
          || columns.containsKey(attribute.exprId().id())) {
        continue;
      }
      if (all == null) {
        all = new FieldSources();
        for (LogicalPlan child : children) {
          for (Attribute input : ScalaCollections.asJava(child.output())) {
            all.addThrough(sourcesOf(input), Transformation.TRANSFORMATION);
          }
        }
      }
      columns.put(attribute.exprId().id(), all);
    }
  }

  private void define(scala.collection.Seq<? extends NamedExpression> named) {
    for (NamedExpression expression : ScalaCollections.asJava(named)) {
      if (!(expression instanceof Attribute)) {
        FieldSources sources = expressions.of((Expression) expression);
        if (descriptions.enabled()) {
          sources = sources.directDescribed(descriptions.sql((Expression) expression));
        }
        columns.put(expression.exprId().id(), sources);
      }
    }
  }

  /** Output column i of a set operation or cache gets the sources of column i of every input. */
  private void mergeByPosition(
      scala.collection.Seq<Attribute> outputSeq, List<LogicalPlan> inputs) {
    List<Attribute> output = ScalaCollections.asJava(outputSeq);
    for (int i = 0; i < output.size(); i++) {
      FieldSources merged = new FieldSources();
      for (LogicalPlan input : inputs) {
        List<Attribute> columnsOfInput = ScalaCollections.asJava(input.output());
        if (i < columnsOfInput.size()) {
          merged.addAll(sourcesOf(columnsOfInput.get(i)));
        }
      }
      columns.put(output.get(i).exprId().id(), merged);
    }
  }
}
