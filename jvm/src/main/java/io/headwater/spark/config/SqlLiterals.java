package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import java.util.Locale;

/**
 * What becomes of the literal values in SQL text an event carries (the {@code sql} job facet of
 * runs and JobEvents: statements, view definitions, pipeline flows), {@code
 * spark.openlineage.facets.sql.literals}; the masking itself is {@code compat.SqlLiteralMasker}.
 */
@Internal
public enum SqlLiterals {
  /**
   * Every string, numeric, binary and interval value and every comment's text becomes {@code ?}.
   */
  MASK,
  /** The SQL text as written (only {@link Redaction}'s rules apply). */
  KEEP;

  /** The value as written in configuration: {@code mask}, {@code keep}. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The mode written as {@code value}.
   *
   * @param value {@code mask} or {@code keep}, any case
   * @throws IllegalArgumentException for anything else
   */
  public static SqlLiterals parse(String value) {
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "mask" -> MASK;
      case "keep" -> KEEP;
      default -> throw new IllegalArgumentException("'" + value + "' is neither mask nor keep");
    };
  }
}
