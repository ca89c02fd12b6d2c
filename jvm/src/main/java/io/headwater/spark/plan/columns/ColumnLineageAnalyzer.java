package io.headwater.spark.plan.columns;

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
import org.apache.spark.sql.catalyst.expressions.SortOrder;
import org.apache.spark.sql.catalyst.plans.logical.Aggregate;
import org.apache.spark.sql.catalyst.plans.logical.Expand;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.Generate;
import org.apache.spark.sql.catalyst.plans.logical.Join;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.catalyst.plans.logical.Sort;
import org.apache.spark.sql.catalyst.plans.logical.Union;
import org.apache.spark.sql.catalyst.plans.logical.Window;
import org.apache.spark.sql.execution.columnar.InMemoryRelation;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Column lineage of one query: for every column the query outputs, the input fields its value depends on (DIRECT),
 * and the input fields that decide which rows the query keeps or how it orders them (INDIRECT: filters, join keys,
 * grouping, sorting, windows), which hold for every output column.
 *
 * <p>One post-order pass over the plan: a relation the input visitors named gives its columns themselves as sources;
 * every operator that creates columns maps each new column ({@code ExprId}) to the sources of the columns its
 * expression uses. Work is linear in the number of plan nodes and expression nodes.
 */
public final class ColumnLineageAnalyzer {
  /** The dataset of a relation, when the input visitors named exactly one. */
  public record SourceDataset(String namespace, String name) {}

  private final Function<LogicalPlan, Optional<SourceDataset>> datasets;
  private final Map<Long, FieldSources> columns = new HashMap<>();
  private final FieldSources rowLevel = new FieldSources();
  private final Map<LogicalPlan, Boolean> visited = new IdentityHashMap<>();
  private final ExpressionSources expressions;

  public ColumnLineageAnalyzer(Function<LogicalPlan, Optional<SourceDataset>> datasets) {
    this.datasets = datasets;
    this.expressions = new ExpressionSources(this::sourcesOf, plan -> {
      analyse(plan);
      return null;
    });
  }

  /** The lineage of {@code query}'s output columns, by position. */
  public Result analyse(LogicalPlan query, List<String> outputNames) {
    analyse(query);
    List<Attribute> output = CollectionConverters.asJava(query.output());
    Map<String, FieldSources> fields = new LinkedHashMap<>();
    for (int i = 0; i < output.size(); i++) {
      String name = i < outputNames.size() ? outputNames.get(i) : output.get(i).name();
      fields.put(name, sourcesOf(output.get(i)));
    }
    return new Result(fields, rowLevel);
  }

  /** Output column name → its sources, and the row-level (INDIRECT) sources of the whole query. */
  public record Result(Map<String, FieldSources> fields, FieldSources rowLevel) {}

  private FieldSources sourcesOf(Attribute attribute) {
    return columns.getOrDefault(attribute.exprId().id(), FieldSources.NONE);
  }

  private void analyse(LogicalPlan node) {
    if (visited.put(node, Boolean.TRUE) != null) {
      return;
    }
    Optional<SourceDataset> dataset = datasets.apply(node);
    if (dataset.isPresent()) {
      for (Attribute attribute : CollectionConverters.asJava(node.output())) {
        columns.put(
            attribute.exprId().id(),
            FieldSources.of(new SourceField(dataset.get().namespace(), dataset.get().name(), attribute.name()), Transformation.IDENTITY));
      }
      return;
    }
    CollectionConverters.asJava(node.children()).forEach(this::analyse);
    if (node instanceof Project project) {
      define(project.projectList());
    } else if (node instanceof Aggregate aggregate) {
      define(aggregate.aggregateExpressions());
      rowLevel(aggregate.groupingExpressions(), Transformation.GROUP_BY);
    } else if (node instanceof Window window) {
      define(window.windowExpressions());
      rowLevel(window.partitionSpec(), Transformation.WINDOW);
      for (SortOrder order : CollectionConverters.asJava(window.orderSpec())) {
        expressions.referencesThrough(order, Transformation.WINDOW, rowLevel);
      }
    } else if (node instanceof Filter filter) {
      expressions.referencesThrough(filter.condition(), Transformation.FILTER, rowLevel);
    } else if (node instanceof Join join) {
      if (join.condition().isDefined()) {
        expressions.referencesThrough(join.condition().get(), Transformation.JOIN, rowLevel);
      }
    } else if (node instanceof Sort sort) {
      for (SortOrder order : CollectionConverters.asJava(sort.order())) {
        expressions.referencesThrough(order, Transformation.SORT, rowLevel);
      }
    } else if (node instanceof Union union) {
      mergeByPosition(union.output(), CollectionConverters.asJava(union.children()));
    } else if (node instanceof Generate generate) {
      FieldSources generated = expressions.of((Expression) generate.generator());
      for (Attribute attribute : CollectionConverters.asJava(generate.generatorOutput())) {
        columns.put(attribute.exprId().id(), generated);
      }
    } else if (node instanceof Expand expand) {
      List<Attribute> output = CollectionConverters.asJava(expand.output());
      for (scala.collection.immutable.Seq<Expression> projection : CollectionConverters.asJava(expand.projections())) {
        List<Expression> values = CollectionConverters.asJava(projection);
        for (int i = 0; i < output.size() && i < values.size(); i++) {
          columns.computeIfAbsent(output.get(i).exprId().id(), id -> new FieldSources()).addAll(expressions.of(values.get(i)));
        }
      }
    } else if (node instanceof InMemoryRelation cached) {
      LogicalPlan plan = cached.cacheBuilder().logicalPlan();
      analyse(plan);
      mergeByPosition(cached.output(), List.of(plan));
    }
  }

  private void define(scala.collection.immutable.Seq<? extends NamedExpression> named) {
    for (NamedExpression expression : CollectionConverters.asJava(named)) {
      if (!(expression instanceof Attribute)) {
        columns.put(expression.exprId().id(), expressions.of((Expression) expression));
      }
    }
  }

  private void rowLevel(scala.collection.immutable.Seq<Expression> keys, Transformation kind) {
    for (Expression key : CollectionConverters.asJava(keys)) {
      expressions.referencesThrough(key, kind, rowLevel);
    }
  }

  /** Output column i of a set operation or cache gets the sources of column i of every input. */
  private void mergeByPosition(scala.collection.immutable.Seq<Attribute> outputSeq, List<LogicalPlan> inputs) {
    List<Attribute> output = CollectionConverters.asJava(outputSeq);
    for (int i = 0; i < output.size(); i++) {
      FieldSources merged = new FieldSources();
      for (LogicalPlan input : inputs) {
        List<Attribute> columnsOfInput = CollectionConverters.asJava(input.output());
        if (i < columnsOfInput.size()) {
          merged.addAll(sourcesOf(columnsOfInput.get(i)));
        }
      }
      columns.put(output.get(i).exprId().id(), merged);
    }
  }
}
