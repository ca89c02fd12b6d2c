package io.headwater.spark.naming;

import io.headwater.spark.annotation.Internal;
import io.openlineage.client.utils.DatasetIdentifier;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Dataset identities of tables in the database a JDBC URL points at, by the OpenLineage naming
 * spec:
 *
 * <table>
 *   <caption>namespace and name of table {@code t} by URL</caption>
 *   <tr><th>URL</th><th>namespace</th><th>name</th></tr>
 *   <tr><td>{@code jdbc:postgresql://DB.example:6543/shop?user=u&password=p}</td>
 *       <td>{@code postgres://db.example:6543}</td><td>{@code shop.public.t}</td></tr>
 *   <tr><td>{@code jdbc:postgresql://db/shop} (no port)</td><td>{@code postgres://db:5432}</td>
 *       <td>{@code shop.public.t}</td></tr>
 *   <tr><td>{@code jdbc:postgresql:shop}</td><td>{@code postgres://localhost:5432}</td><td>{@code shop.public.t}</td></tr>
 *   <tr><td>{@code jdbc:mysql://db/shop}</td><td>{@code mysql://db:3306}</td><td>{@code shop.t}</td></tr>
 * </table>
 *
 * <p>The namespace is {@code <scheme>://<host>:<port>}, lowercased, with the default port of known
 * databases filled in; of several hosts the first is used. Credentials never enter an identity:
 * user information in the authority, URL parameters and connection options other than the database
 * name are dropped, and no exception thrown here quotes the URL. PostgreSQL table names follow its
 * identifier rules: an unqualified table is in schema {@code public}, unquoted parts are folded to
 * lower case and double quotes are removed.
 */
@Internal
public final class JdbcDatasetNames {
  /** How one kind of database names things. */
  private record Dialect(
      String scheme, String defaultPort, String defaultSchema, boolean foldsUnquotedToLowerCase) {}

  private static final Map<String, Dialect> DIALECTS =
      Map.of(
          "postgresql", new Dialect("postgres", "5432", "public", true),
          "mysql", new Dialect("mysql", "3306", null, false),
          "mariadb", new Dialect("mariadb", "3306", null, false),
          "db2", new Dialect("db2", "6789", null, false),
          "clickhouse", new Dialect("clickhouse", "8123", null, false),
          "trino", new Dialect("trino", "443", null, false));

  private final Dialect dialect;
  private final String namespace;
  private final String database;

  private JdbcDatasetNames(Dialect dialect, String namespace, String database) {
    this.dialect = dialect;
    this.namespace = namespace;
    this.database = database;
  }

  /**
   * The database {@code url} points at.
   *
   * @param options the connection options; only a database name ({@code PGDBNAME}, {@code
   *     database}) is read, and only when the URL names none
   * @throws IllegalArgumentException when the URL is not an authority-style JDBC URL or names no
   *     database; the message never contains the URL
   */
  public static JdbcDatasetNames of(String url, Map<String, String> options) {
    if (url == null || !url.regionMatches(true, 0, "jdbc:", 0, 5) || url.indexOf(':', 5) < 0) {
      throw new IllegalArgumentException("not a jdbc:<subprotocol>:... URL");
    }
    String subprotocol = url.substring(5, url.indexOf(':', 5)).toLowerCase(Locale.ROOT);
    Dialect dialect =
        DIALECTS.getOrDefault(subprotocol, new Dialect(subprotocol, null, null, false));
    String rest = beforeAny(url.substring(url.indexOf(':', 5) + 1), "?;#");
    String authority;
    String path;
    if (rest.startsWith("//")) {
      int slash = rest.indexOf('/', 2);
      authority = slash < 0 ? rest.substring(2) : rest.substring(2, slash);
      path = slash < 0 ? "" : rest.substring(slash + 1);
    } else if ("postgresql".equals(subprotocol)) { // jdbc:postgresql:database, jdbc:postgresql:/
      authority = "";
      path = rest.startsWith("/") ? rest.substring(1) : rest;
    } else {
      throw new IllegalArgumentException(
          "unsupported JDBC URL form for subprotocol '" + subprotocol + "'");
    }
    String database = decode(beforeAny(path, "/"));
    if (database.isEmpty()) {
      database = option(options, "PGDBNAME", option(options, "database", ""));
    }
    if (database.isEmpty()) {
      throw new IllegalArgumentException(
          "the JDBC URL of subprotocol '" + subprotocol + "' names no database");
    }
    return new JdbcDatasetNames(
        dialect, dialect.scheme() + "://" + hostAndPort(authority, dialect), database);
  }

  /** The namespace, e.g. {@code postgres://db.example:5432}. */
  public String namespace() {
    return namespace;
  }

  /** The database name from the URL (or options). */
  public String database() {
    return database;
  }

  /**
   * The identity of a table as a {@code dbtable} option or SQL writes it: {@code orders}, {@code
   * sales.orders}, {@code "Sales"."Orders"}.
   */
  public DatasetIdentifier table(String tableName) {
    return table(splitQualifiedName(tableName));
  }

  /**
   * The identity of a table given by its name parts, e.g. {@code [sales, orders]}: {@code
   * database.schema.table}, the default schema added to an unqualified name where the database has
   * one; a three-part name already names its database.
   */
  public DatasetIdentifier table(List<String> parts) {
    if (parts.isEmpty() || parts.stream().anyMatch(String::isEmpty)) {
      throw new IllegalArgumentException("empty table name");
    }
    List<String> name = new ArrayList<>();
    if (parts.size() < 3) {
      name.add(database);
      if (parts.size() == 1 && dialect.defaultSchema() != null) {
        name.add(dialect.defaultSchema());
      }
    }
    name.addAll(parts);
    return new DatasetIdentifier(String.join(".", name), namespace);
  }

  /**
   * Splits on dots outside double quotes; unquotes quoted parts and, where the database does, folds
   * the others.
   */
  private List<String> splitQualifiedName(String tableName) {
    List<String> parts = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    boolean quoted = false;
    boolean wasQuoted = false;
    String text = tableName == null ? "" : tableName.trim();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' && quoted && i + 1 < text.length() && text.charAt(i + 1) == '"') {
        part.append('"');
        i++;
      } else if (c == '"') {
        quoted = !quoted;
        wasQuoted = true;
      } else if (!quoted && Character.isWhitespace(c)) {
        // unquoted identifiers hold no white space: it only surrounds parts, and is skipped
      } else if (c == '.' && !quoted) {
        parts.add(finish(part, wasQuoted));
        part.setLength(0);
        wasQuoted = false;
      } else {
        part.append(c);
      }
    }
    parts.add(finish(part, wasQuoted));
    return parts;
  }

  private String finish(StringBuilder part, boolean wasQuoted) {
    if (wasQuoted) {
      return part.toString();
    }
    String text = part.toString();
    return dialect.foldsUnquotedToLowerCase() ? text.toLowerCase(Locale.ROOT) : text;
  }

  /**
   * {@code user:pw@Host:1,host2/..} gives {@code host:1}; a missing host is localhost, a missing
   * port the default.
   */
  private static String hostAndPort(String authority, Dialect dialect) {
    String hosts = authority.substring(authority.lastIndexOf('@') + 1);
    String first = beforeAny(hosts, ",").toLowerCase(Locale.ROOT);
    String host;
    String port;
    int close = first.startsWith("[") ? first.indexOf(']') : -1;
    int colon = close >= 0 ? first.indexOf(':', close) : first.lastIndexOf(':');
    if (colon >= 0) {
      host = first.substring(0, colon);
      port = first.substring(colon + 1);
    } else {
      host = first;
      port = "";
    }
    if (host.isEmpty()) {
      host = "localhost";
    }
    if (port.isEmpty()) {
      port = dialect.defaultPort();
    }
    return port == null ? host : host + ":" + port;
  }

  private static String option(Map<String, String> options, String key, String fallback) {
    for (Map.Entry<String, String> entry : options.entrySet()) {
      if (key.equalsIgnoreCase(entry.getKey())
          && entry.getValue() != null
          && !entry.getValue().isBlank()) {
        return entry.getValue().trim();
      }
    }
    return fallback;
  }

  private static String beforeAny(String text, String delimiters) {
    for (int i = 0; i < text.length(); i++) {
      if (delimiters.indexOf(text.charAt(i)) >= 0) {
        return text.substring(0, i);
      }
    }
    return text;
  }

  private static String decode(String text) {
    try {
      return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return text; // a stray '%': keep the text as written (the exception would quote it)
    }
  }
}
