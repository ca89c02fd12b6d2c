package io.headwater.spark.compat;

import io.headwater.spark.annotation.Internal;
import java.util.regex.Pattern;

/**
 * The SQL Spark quotes in its error messages, with its literals masked by {@link SqlLiteralMasker}.
 * A Spark error about part of a statement ({@code DIVIDE_BY_ZERO}, {@code CAST_INVALID_INPUT}, ...)
 * ends its message with the query context Spark's {@code SQLQueryContext.summary} writes: a header,
 * then each line of the statement around the failing fragment (cut with {@code ...} past 32
 * characters) followed by a line of carets under the fragment:
 *
 * <pre>
 * [DIVIDE_BY_ZERO] Division by zero. ... SQLSTATE: 22012
 * == SQL (line 2, position 3) ==
 *   id / 0 AS r, 'S3cr3t' AS k FROM nums...
 *   ^^^^^^
 * </pre>
 *
 * becomes {@code id / ? AS r, ? AS k FROM nums...} under the same header and carets. Each quoted
 * line is masked on its own; one the lexer cannot read alone (a string that goes on to the next
 * line) is withheld ({@link SqlLiteralMasker#UNREADABLE}). The header is {@code == SQL (line …) ==}
 * in Spark 4, {@code == SQL(line …) ==} in 3.5, and names the view for a view's text ({@code == SQL
 * of VIEW v(line …) ==}). Never throws.
 */
@Internal
public final class SqlQueryContexts {
  private static final String HEADER_START = "== SQL";
  private static final Pattern HEADER = Pattern.compile("^== SQL\\b.*==\\s*$");
  private static final Pattern CARETS = Pattern.compile("^\\s*\\^+\\s*$");

  private SqlQueryContexts() {}

  /** {@code text} with the SQL lines of every query context in it masked. */
  public static String mask(String text) {
    if (text == null || !text.contains(HEADER_START)) {
      return text;
    }
    String[] lines = text.split("\n", -1);
    boolean inContext = false;
    for (int i = 0; i < lines.length; i++) {
      if (HEADER.matcher(lines[i]).matches()) {
        inContext = true;
      } else if (inContext && i + 1 < lines.length && CARETS.matcher(lines[i + 1]).matches()) {
        lines[i] = SqlLiteralMasker.mask(lines[i]);
        i++; // its carets stay
      } else {
        inContext = false;
      }
    }
    return String.join("\n", lines);
  }
}
