package io.headwater.spark.logging;

import io.headwater.spark.annotation.Internal;
import java.io.PrintWriter;
import java.io.StringWriter;

/** A failure as text: one line for a log, or its whole stack trace. */
@Internal
public final class StackTraces {
  private StackTraces() {}

  /** The innermost cause of {@code failure}. */
  public static Throwable root(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root;
  }

  /**
   * One line: {@code failure}'s class and message, and its innermost cause's when that is another
   * one (e.g. {@code OpenLineageClientException: ... (caused by ConnectException: Connection
   * refused)}); the first line of each message only.
   */
  public static String summary(Throwable failure) {
    Throwable root = root(failure);
    String line = oneLine(failure);
    String cause = oneLine(root);
    return root == failure || line.contains(cause.substring(cause.indexOf(' ') + 1))
        ? line
        : line + " (caused by " + cause + ")";
  }

  /** {@code failure}'s stack trace, causes included, as {@link Throwable#printStackTrace} gives. */
  public static String render(Throwable failure) {
    StringWriter out = new StringWriter();
    failure.printStackTrace(new PrintWriter(out));
    return out.toString();
  }

  private static String oneLine(Throwable t) {
    String message = t.getMessage();
    if (message == null) {
      return t.getClass().getName();
    }
    int newline = message.indexOf('\n');
    return t.getClass().getSimpleName()
        + ": "
        + (newline < 0 ? message : message.substring(0, newline));
  }
}
