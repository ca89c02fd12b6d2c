package io.headwater.spark.reading.columns;

import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.reading.walk.ConnectorRegistry;
import io.headwater.spark.reading.walk.PlanCallback;
import io.headwater.spark.reading.walk.PlanWalk;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GreaterThan;
import org.apache.spark.sql.catalyst.expressions.IsNotNull;
import org.apache.spark.sql.catalyst.expressions.Size;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * Tells the filters Spark's optimizer adds on its own from those the user wrote. {@code
 * InferFiltersFromConstraints} adds {@code IsNotNull(column)} for every join key and every column a
 * null-intolerant predicate uses; {@code InferFiltersFromGenerate} adds {@code IsNotNull(array) AND
 * size(array) > 0} below an {@code explode}. Such a filter is the optimizer's, and is not reported
 * as a FILTER dependency, unless the analyzed plan (before optimization) already has it: a column
 * the user tests with {@code IS NOT NULL} anywhere, or the same {@code size(...) > n} condition.
 */
final class InferredFilters {
  private final Set<Long> declaredNotNull;
  private final Set<Expression> declaredSizeChecks;

  private InferredFilters(Set<Long> declaredNotNull, Set<Expression> declaredSizeChecks) {
    this.declaredNotNull = declaredNotNull;
    this.declaredSizeChecks = declaredSizeChecks;
  }

  /** Every filter counts as written by the user (there is no analyzed plan to compare with). */
  static InferredFilters none() {
    return new InferredFilters(null, null);
  }

  /**
   * The null tests and size checks the analyzed plan has, anywhere in the expressions of the
   * operators the plan walk ({@link PlanWalk}) reaches from it.
   */
  static InferredFilters from(LogicalPlan analyzed, ConnectorRegistry connectors) {
    Set<Long> notNull = new HashSet<>();
    Set<Expression> sizeChecks = new HashSet<>();
    PlanCallback declared =
        new PlanCallback() {
          @Override
          public void enter(LogicalPlan plan) {
            for (Expression expression : ScalaCollections.asJava(plan.expressions())) {
              collect(expression, notNull, sizeChecks);
            }
          }
        };
    RuntimeException failure = PlanWalk.walk(analyzed, connectors, List.of(declared)).of(declared);
    if (failure != null) {
      throw failure;
    }
    return new InferredFilters(notNull, sizeChecks);
  }

  private static void collect(
      Expression expression, Set<Long> notNull, Set<Expression> sizeChecks) {
    Deque<Expression> pending = new ArrayDeque<>();
    pending.push(expression);
    while (!pending.isEmpty()) {
      Expression e = pending.pop();
      if (e instanceof IsNotNull test && test.child() instanceof Attribute attribute) {
        notNull.add(attribute.exprId().id());
      } else if (isSizeCheck(e)) {
        sizeChecks.add(e.canonicalized());
      }
      ScalaCollections.asJava(e.children()).forEach(pending::push);
    }
  }

  private static boolean isSizeCheck(Expression e) {
    return e instanceof GreaterThan greater && greater.left() instanceof Size;
  }

  /**
   * True when {@code conjunct}, one conjunct of a filter condition, is a filter the optimizer
   * added.
   */
  boolean isInferred(Expression conjunct) {
    if (declaredNotNull == null) {
      return false;
    }
    if (conjunct instanceof IsNotNull test) {
      return test.child() instanceof Attribute attribute
          && !declaredNotNull.contains(attribute.exprId().id());
    }
    return isSizeCheck(conjunct) && !declaredSizeChecks.contains(conjunct.canonicalized());
  }
}
