package io.headwater.spark.reading.columns;

import io.headwater.spark.compat.ScalaCollections;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.apache.spark.sql.catalyst.expressions.Expression;

/**
 * The {@code description} of column-lineage transformations ({@code
 * spark.openlineage.columnLineage.descriptionsEnabled}), as the OpenLineage Spark integration
 * writes it: Spark's SQL text of what transformed the field ({@code Expression.sql()}), e.g. {@code
 * sum(dep_delay) AS total_delay}, {@code INNER JOIN ON (carrier = carrier)}, {@code GROUP BY
 * carrier}, {@code WHERE (total_delay > 0)}, {@code ORDER BY carrier ASC NULLS FIRST}, passed
 * through the event's SQL redaction (literals masked unless {@code facets.sql.literals=keep}). When
 * off, or when Spark cannot print an expression, transformations carry no description.
 */
final class Descriptions {
  /** No descriptions. */
  static final Descriptions NONE = new Descriptions(null);

  private final UnaryOperator<String> redaction;

  /**
   * @param redaction what a description goes through before it is kept (the event's SQL redaction);
   *     null for no descriptions
   */
  Descriptions(UnaryOperator<String> redaction) {
    this.redaction = redaction;
  }

  boolean enabled() {
    return redaction != null;
  }

  /** {@code kind} described by {@code text} (computed only when descriptions are on). */
  Transformation of(Transformation kind, Supplier<String> text) {
    if (redaction == null) {
      return kind;
    }
    try {
      return kind.described(redaction.apply(text.get()));
    } catch (RuntimeException unprintable) {
      return kind;
    }
  }

  /** The SQL text of {@code expression}, or null when Spark cannot print it. */
  String sql(Expression expression) {
    if (redaction == null) {
      return null;
    }
    try {
      return redaction.apply(expression.sql());
    } catch (RuntimeException unprintable) {
      return null;
    }
  }

  /** The SQL texts of {@code expressions} separated by {@code ", "}. */
  static String list(scala.collection.Seq<? extends Expression> expressions) {
    return list(ScalaCollections.asJava(expressions), ", ");
  }

  /** The SQL texts of {@code expressions} separated by {@code separator}. */
  static String list(List<? extends Expression> expressions, String separator) {
    return expressions.stream().map(Expression::sql).collect(Collectors.joining(separator));
  }
}
