package io.headwater.spark.facets;

import java.util.regex.Pattern;

/**
 * Removes secrets from SQL text before it leaves the process in the {@code sql} job facet: the
 * quoted value after a key that names a secret ({@code password}, {@code secret}, {@code token},
 * {@code apiKey}, {@code access.key}, {@code credential}) in {@code OPTIONS (...)} / {@code
 * TBLPROPERTIES (...)}, and the password in a URL's {@code user:password@}.
 */
public final class SqlRedaction {
  static final String REDACTED = "*********(redacted)";
  private static final Pattern QUOTED_SECRET =
      Pattern.compile(
          "(?i)([`'\"]?[\\w.]*(?:password|secret|token|api[_.]?key|access[_.]?key|credential)[\\w.]*[`'\"]?\\s*=?\\s*)'[^']*'");
  private static final Pattern URL_PASSWORD = Pattern.compile("(://[^/:@\\s']+:)[^@/\\s']+@");

  private SqlRedaction() {}

  public static String redact(String sql) {
    String text = QUOTED_SECRET.matcher(sql).replaceAll("$1'" + REDACTED.replace("$", "\\$") + "'");
    return URL_PASSWORD.matcher(text).replaceAll("$1" + REDACTED.replace("$", "\\$") + "@");
  }
}
