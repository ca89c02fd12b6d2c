package io.headwater.spark.reading.columns;

import io.headwater.spark.compat.ScalaCollections;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.expressions.And;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.plans.logical.Aggregate;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.Join;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Sort;
import org.apache.spark.sql.catalyst.plans.logical.Window;

/**
 * The row-level (INDIRECT) sources of one query, gathered as {@link ColumnLineageAnalyzer} leaves
 * its operators: the input fields that decide which rows the query keeps (the filters the user
 * wrote, join conditions, grouping, and the row choices of {@code DISTINCT}, {@code
 * dropDuplicates}, {@code INTERSECT}, {@code EXCEPT}) or how it orders them (global sorts, window
 * partitioning and ordering). They hold for every output column. Each operator's sources are
 * described by its SQL text when {@link Descriptions} are on.
 */
final class RowLevelSources {
  private static final List<Function<LogicalPlan, Optional<List<RowKeys>>>> ROW_CHOOSERS =
      List.of(DuplicateElimination::of, SetComparisons::of);

  private final FieldSources sources = new FieldSources();
  private FieldSources into = sources;
  private final ExpressionSources expressions;
  private final Descriptions descriptions;
  private final InferredFilters inferredFilters;

  /**
   * @param expressions the sources of the columns an expression uses
   * @param inferredFilters the {@code IS NOT NULL} filters the optimizer added (not row-level
   *     sources)
   */
  RowLevelSources(
      ExpressionSources expressions, Descriptions descriptions, InferredFilters inferredFilters) {
    this.expressions = expressions;
    this.descriptions = descriptions;
    this.inferredFilters = inferredFilters;
  }

  /** What was gathered so far (the object itself, which later operators add to). */
  FieldSources sources() {
    return sources;
  }

  /**
   * While {@code muted}, what operators contribute is dropped: the operators of a row-level write's
   * own reading of its table (file pruning, the optimizer's null tests) are not the query's.
   */
  void mute(boolean muted) {
    into = muted ? new FieldSources() : sources;
  }

  /** The grouping columns of {@code aggregate} (GROUP_BY). */
  void grouping(Aggregate aggregate) {
    add(
        ScalaCollections.asJava(aggregate.groupingExpressions()),
        descriptions.of(
            Transformation.GROUP_BY,
            () -> "GROUP BY " + Descriptions.list(aggregate.groupingExpressions())));
  }

  /** The partitioning and ordering columns of {@code window} (WINDOW). */
  void window(Window window) {
    Transformation kind =
        descriptions.of(
            Transformation.WINDOW,
            () ->
                "PARTITION BY "
                    + Descriptions.list(window.partitionSpec())
                    + " ORDER BY "
                    + Descriptions.list(window.orderSpec()));
    add(ScalaCollections.asJava(window.partitionSpec()), kind);
    add(ScalaCollections.asJava(window.orderSpec()), kind);
  }

  /** The columns of {@code filter}'s conjuncts the user wrote, not those inferred (FILTER). */
  void filter(Filter filter) {
    List<Expression> written =
        conjuncts(filter.condition()).stream()
            .filter(conjunct -> !inferredFilters.isInferred(conjunct))
            .toList();
    add(
        written,
        descriptions.of(
            Transformation.FILTER, () -> "WHERE " + Descriptions.list(written, " AND ")));
  }

  /** The columns of {@code join}'s condition, when it has one (JOIN). */
  void join(Join join) {
    if (join.condition().isDefined()) {
      Expression condition = join.condition().get();
      expressions.referencesThrough(
          condition,
          descriptions.of(
              Transformation.JOIN, () -> join.joinType().sql() + " JOIN ON " + condition.sql()),
          into);
    }
  }

  /** The ordering columns of a global {@code sort} (SORT). */
  void sort(Sort sort) {
    add(
        ScalaCollections.asJava(sort.order()),
        descriptions.of(Transformation.SORT, () -> "ORDER BY " + Descriptions.list(sort.order())));
  }

  /**
   * When {@code node} passes its input's columns on and only chooses rows ({@code DISTINCT}, {@code
   * dropDuplicates}, {@code INTERSECT}, {@code EXCEPT}, as the analyzer leaves them), adds the
   * columns that decide which rows and returns true.
   */
  boolean choosesRows(LogicalPlan node) {
    for (Function<LogicalPlan, Optional<List<RowKeys>>> rule : ROW_CHOOSERS) {
      Optional<List<RowKeys>> keys = rule.apply(node);
      if (keys.isPresent()) {
        for (RowKeys key : keys.get()) {
          for (Attribute column : key.columns()) {
            expressions.referencesThrough(column, key.kind(), into);
          }
        }
        return true;
      }
    }
    return false;
  }

  private void add(List<? extends Expression> keys, Transformation kind) {
    for (Expression key : keys) {
      expressions.referencesThrough(key, kind, into);
    }
  }

  private static List<Expression> conjuncts(Expression condition) {
    List<Expression> result = new ArrayList<>();
    Deque<Expression> pending = new ArrayDeque<>();
    pending.push(condition);
    while (!pending.isEmpty()) {
      Expression e = pending.pop();
      if (e instanceof And and) {
        pending.push(and.right());
        pending.push(and.left());
      } else {
        result.add(e);
      }
    }
    return result;
  }
}
