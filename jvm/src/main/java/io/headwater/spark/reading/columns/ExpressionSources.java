package io.headwater.spark.reading.columns;

import io.headwater.spark.compat.ScalaCollections;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.expressions.Alias;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.CaseWhen;
import org.apache.spark.sql.catalyst.expressions.Empty2Null;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GetStructField;
import org.apache.spark.sql.catalyst.expressions.If;
import org.apache.spark.sql.catalyst.expressions.RankLike;
import org.apache.spark.sql.catalyst.expressions.RowNumberLike;
import org.apache.spark.sql.catalyst.expressions.SubqueryExpression;
import org.apache.spark.sql.catalyst.expressions.WindowExpression;
import org.apache.spark.sql.catalyst.expressions.aggregate.AggregateExpression;
import org.apache.spark.sql.catalyst.expressions.aggregate.PivotFirst;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.Tuple2;

/**
 * The input fields one expression's value depends on. A bare column passes its sources on
 * (IDENTITY); an aggregate function makes them AGGREGATION; any other function TRANSFORMATION; the
 * conditions of {@code CASE WHEN} and {@code IF}, and the arguments of {@code coalesce} and its kin
 * whose nullness picks the value ({@link NullChoices}), add their columns as INDIRECT CONDITIONAL;
 * a subquery's value depends on the columns {@link SubqueryValues} names of its plan; hash and mask
 * functions mark the path as masking. The {@code empty2null} Spark wraps around the string
 * partition columns of a file write is not the user's transformation: the column passes through it
 * unchanged.
 */
final class ExpressionSources {
  private static final Set<String> MASKING_FUNCTIONS =
      Set.of("Sha1", "Sha2", "Md5", "Murmur3Hash", "XxHash64", "Crc32", "Mask", "HiveHash");

  private final Function<Attribute, FieldSources> attributes;
  private final Function<LogicalPlan, Void> subqueryPlans;
  private final AnalysisBudget budget;
  private Expression rowChoice;

  /**
   * @param attributes the sources of a column produced below
   * @param subqueryPlans analyses a subquery's plan (so its output columns get sources)
   * @param budget ticked once per expression node
   */
  ExpressionSources(
      Function<Attribute, FieldSources> attributes,
      Function<LogicalPlan, Void> subqueryPlans,
      AnalysisBudget budget) {
    this.attributes = attributes;
    this.subqueryPlans = subqueryPlans;
    this.budget = budget;
  }

  /**
   * The condition of a row-level write ({@code UPDATE ... WHERE c}), which a copy-on-write rewrite
   * turns into {@code IF(c, new value, old value)} for every column: such an {@code IF} picks no
   * value of its own, its branches are the value (the condition is the write's FILTER).
   */
  void rowChoice(Expression condition) {
    this.rowChoice = condition;
  }

  /** The sources of {@code expression}'s value. */
  FieldSources of(Expression expression) {
    Expression value = expression instanceof Alias alias ? alias.child() : expression;
    if (rowChoice != null
        && value instanceof If choice
        && choice.predicate().semanticEquals(rowChoice)) {
      FieldSources result = of(choice.trueValue());
      result.addAll(of(choice.falseValue()));
      return result;
    }
    FieldSources result = new FieldSources();
    collect(
        value,
        isColumnRead(value) ? Transformation.IDENTITY : Transformation.TRANSFORMATION,
        result);
    return result;
  }

  /**
   * A column, a field of a struct column ({@code user.email}), or a column under the write's {@code
   * empty2null}: its value is the input's, unchanged.
   */
  private static boolean isColumnRead(Expression value) {
    Expression e = value;
    while (e instanceof GetStructField || e instanceof Empty2Null) {
      e = e.children().head();
    }
    return e instanceof Attribute;
  }

  /**
   * Adds the sources of every column {@code expression} references, through {@code kind} (for
   * conditions).
   */
  void referencesThrough(Expression expression, Transformation kind, FieldSources into) {
    FieldSources direct = new FieldSources();
    collect(expression, Transformation.IDENTITY, direct);
    into.addThrough(direct, kind);
  }

  private void collect(Expression e, Transformation kind, FieldSources into) {
    budget.tick();
    if (e instanceof Attribute attribute) {
      into.addThrough(attributes.apply(attribute), kind);
      return;
    }
    if (e instanceof SubqueryExpression subquery) {
      LogicalPlan plan = subquery.plan();
      subqueryPlans.apply(plan);
      for (Attribute output : SubqueryValues.of(subquery)) {
        into.addThrough(attributes.apply(output), kind.then(Transformation.TRANSFORMATION));
      }
      ScalaCollections.asJava(subquery.children()).forEach(child -> collect(child, kind, into));
      return;
    }
    if (e instanceof GetStructField || e instanceof Empty2Null) {
      // reading a struct's field passes the struct column's value on; so does the write's
      // empty2null
      collect(e.children().head(), kind, into);
      return;
    }
    if (e instanceof PivotFirst pivot) {
      collect(
          pivot.pivotColumn(), conditional(kind), into); // the pivot value picks the output column
      collect(pivot.valueColumn(), kind, into);
      return;
    }
    Transformation here = kind;
    if (e instanceof AggregateExpression) {
      here = kind.then(Transformation.AGGREGATION);
    } else if (e instanceof WindowExpression window) {
      if (!(window.windowFunction() instanceof RankLike
          || window.windowFunction() instanceof RowNumberLike)) {
        // a ranking function's children are the window's ordering, not values it computes from; an
        // aggregate over
        // the frame is AGGREGATION through its own node, an offset function (lag, lead) a
        // TRANSFORMATION
        collect(window.windowFunction(), kind, into);
      }
      ScalaCollections.asJava(window.windowSpec().children())
          .forEach(c -> collect(c, Transformation.WINDOW, into));
      return;
    } else if (!(e instanceof Alias)) {
      here = kind.then(Transformation.TRANSFORMATION);
    }
    if (MASKING_FUNCTIONS.contains(e.getClass().getSimpleName())) {
      here = here.masked(true);
    }
    if (e instanceof CaseWhen caseWhen) {
      for (Tuple2<Expression, Expression> branch : ScalaCollections.asJava(caseWhen.branches())) {
        collect(branch._1(), conditional(here), into);
        collect(branch._2(), here, into);
      }
      if (caseWhen.elseValue().isDefined()) {
        collect(caseWhen.elseValue().get(), here, into);
      }
      return;
    }
    Optional<NullChoices.Choice> choice = NullChoices.of(e);
    if (choice.isPresent()) {
      for (Expression argument : choice.get().deciding()) {
        collect(argument, conditional(here), into);
      }
      for (Expression argument : choice.get().values()) {
        collect(argument, here, into);
      }
      return;
    }
    if (e instanceof If condition) {
      collect(condition.predicate(), conditional(here), into);
      collect(condition.trueValue(), here, into);
      collect(condition.falseValue(), here, into);
      return;
    }
    for (Expression child : ScalaCollections.asJava(e.children())) {
      collect(child, here, into);
    }
  }

  private static Transformation conditional(Transformation around) {
    return Transformation.CONDITIONAL.masked(around.masking());
  }
}
