package io.headwater.spark.reading.columns;

import io.headwater.spark.compat.ScalaCollections;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.expressions.Coalesce;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.NullIf;
import org.apache.spark.sql.catalyst.expressions.Nvl;
import org.apache.spark.sql.catalyst.expressions.Nvl2;

/**
 * The functions that choose their value by the nullness (or equality) of their arguments: the
 * arguments that decide are INDIRECT CONDITIONAL sources (the spec lists COALESCE under
 * CONDITIONAL), as a {@code CASE WHEN}'s conditions are, and the arguments that can be the value
 * are DIRECT. Shapes (the analyzer keeps {@code nvl}, {@code ifnull}, {@code nullif} and {@code
 * nvl2} as they are written; the optimizer replaces them with {@code coalesce} and {@code IF},
 * which give the same lineage):
 *
 * <pre>
 *   Coalesce(a, b, ...)    coalesce   every argument decides and can be the value
 *   Nvl(a, b)              nvl/ifnull a and b decide and can be the value
 *   NullIf(a, b)           nullif     a and b decide (a = b); a is the value   = IF(a = b, NULL, a)
 *   Nvl2(a, b, c)          nvl2       a decides (a IS NOT NULL); b, c values   = IF(a IS NOT NULL, b, c)
 * </pre>
 */
final class NullChoices {
  /** The arguments that decide which value comes out, and those that can be it. */
  record Choice(List<Expression> deciding, List<Expression> values) {}

  private NullChoices() {}

  /** {@code expression}'s choice; empty for any other expression. */
  static Optional<Choice> of(Expression expression) {
    if (expression instanceof Coalesce coalesce) {
      List<Expression> arguments = ScalaCollections.asJava(coalesce.children());
      return Optional.of(new Choice(arguments, arguments));
    }
    if (expression instanceof Nvl nvl) {
      List<Expression> arguments = List.of(nvl.left(), nvl.right());
      return Optional.of(new Choice(arguments, arguments));
    }
    if (expression instanceof NullIf nullIf) {
      return Optional.of(
          new Choice(List.of(nullIf.left(), nullIf.right()), List.of(nullIf.left())));
    }
    if (expression instanceof Nvl2 nvl2) {
      return Optional.of(new Choice(List.of(nvl2.expr1()), List.of(nvl2.expr2(), nvl2.expr3())));
    }
    return Optional.empty();
  }
}
