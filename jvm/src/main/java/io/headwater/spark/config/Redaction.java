package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.SqlLiteralMasker;
import io.headwater.spark.compat.SqlQueryContexts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * What must not leave the process, decided in one place: built from Spark's own redaction settings
 * and the user's patterns, and applied to every event the agent emits (see {@code
 * emit.EventRedaction}), to the {@code spark_properties} facet and to Headwater's log lines.
 *
 * <p>Four rules, for four kinds of value:
 *
 * <ul>
 *   <li>{@link #property}: a Spark property, as Spark redacts its own UI and logs — when the key or
 *       the value matches {@code spark.redaction.regex} (default {@value #DEFAULT_SECRET_KEYS}),
 *       the whole value becomes {@value #REDACTED}; otherwise {@link #text} applies.
 *   <li>{@link #text}: free text (SQL, error messages and stack traces, facet values, log lines) —
 *       the password of a URL's {@code user:password@}; the value of a {@code key=value}, {@code
 *       key: value}, {@code key 'value'} or {@code "key": "value"} pair whose key names a
 *       credential (matches {@code spark.redaction.regex}, or is one of password, passwd, pwd,
 *       secret, token, credential, api key, access key, key, sig, signature); and every match of
 *       {@code spark.redaction.string.regex}, {@code spark.sql.redaction.string.regex} and {@code
 *       spark.openlineage.redaction.regex}; with SQL literals masked (the default), also the
 *       statement lines Spark quotes in an error's query context ({@link SqlQueryContexts}).
 *   <li>{@link #name}: a dataset namespace or name — only credentials go: a URL's {@code
 *       user:password@} is removed (so the identity does not depend on who connected) and the value
 *       of a credential query parameter becomes {@value #REDACTED}; the rest of the name stays.
 * </ul>
 *
 * <p>Immutable and thread-safe.
 */
@Internal
public final class Redaction {
  /** What a redacted value is replaced with (Spark's own marker). */
  public static final String REDACTED = "*********(redacted)";

  /** Spark's default {@code spark.redaction.regex}. */
  public static final String DEFAULT_SECRET_KEYS = "(?i)secret|password|token|access[.]?key";

  /** The redaction of a driver that sets nothing: Spark's defaults, no string patterns. */
  public static final Redaction DEFAULT =
      new Redaction(Pattern.compile(DEFAULT_SECRET_KEYS), List.of(), SqlLiterals.MASK);

  /** Parameter and option names that always name a credential. */
  private static final Pattern CREDENTIAL_NAME =
      Pattern.compile(
          "(?i)passw(?:or)?d|pwd|secret|token|credential|api[_.-]?key|access[_.-]?key"
              + "|^key$|^sig$|signature");

  /** {@link #CREDENTIAL_NAME} anywhere in a text, for {@link #mayContainSecrets}. */
  private static final Pattern CREDENTIAL_NAME_ANYWHERE =
      Pattern.compile(
          "(?i)passw(?:or)?d|pwd|secret|token|credential|api[_.-]?key|access[_.-]?key"
              + "|\\bkey\\b|\\bsig\\b|signature");

  /** A word in every match of {@link #CREDENTIAL_NAME_ANYWHERE}, lower case. */
  private static final List<String> CREDENTIAL_WORDS =
      List.of("passw", "pwd", "secret", "token", "credential", "key", "sig");

  /** {@code scheme://user:password@}: groups 1 scheme and separator, 2 user, 3 password. */
  private static final Pattern URL_USERINFO =
      Pattern.compile("(?i)\\b([a-z][a-z0-9+.-]*://)([^/\\s:@'\"`?#]*):([^/\\s@'\"`]*)@");

  /** {@code name=value} (unquoted value): groups 1 name, 2 separator, 3 value. */
  private static final Pattern PLAIN_PAIR =
      Pattern.compile("([A-Za-z_][\\w.-]*)(\\s*=\\s*)([^\\s&;,'\"`)\\]}]+)");

  /**
   * {@code name 'value'}, {@code name = 'value'}, {@code 'name': "value"}, {@code "name":"value"}
   * (SQL options and properties, JSON): groups 1 the name's quote, 2 name, 3 separator (an equals
   * sign or colon, or white space), 4 quote, 5 value.
   */
  private static final Pattern QUOTED_PAIR =
      Pattern.compile(
          "([`'\"]?)([A-Za-z_][\\w.-]*)\\1(\\s*[=:]\\s*|\\s+)(['\"])((?:\\\\.|(?!\\4).)*)\\4");

  private final Pattern secretKeys;

  /** Whether {@link #secretKeys} is Spark's default (its matches hold a credential word). */
  private final boolean defaultSecretKeys;

  private final List<Pattern> strings;
  private final SqlLiterals sqlLiterals;

  private Redaction(Pattern secretKeys, List<Pattern> strings, SqlLiterals sqlLiterals) {
    this.secretKeys = Objects.requireNonNull(secretKeys, "secretKeys");
    this.defaultSecretKeys = secretKeys.pattern().equals(DEFAULT_SECRET_KEYS);
    this.strings = List.copyOf(strings);
    this.sqlLiterals = Objects.requireNonNull(sqlLiterals, "sqlLiterals");
  }

  /**
   * The redaction a driver's settings ask for.
   *
   * @param sparkConf the Spark configuration ({@code spark.redaction.regex}, {@code
   *     spark.redaction.string.regex}, {@code spark.sql.redaction.string.regex} are read)
   * @param userPatterns the user's own patterns ({@code spark.openlineage.redaction.regex})
   * @throws IllegalArgumentException naming the Spark key whose regex does not compile
   */
  public static Redaction of(Map<String, String> sparkConf, List<Pattern> userPatterns) {
    Pattern keys =
        compile("spark.redaction.regex", sparkConf.getOrDefault("spark.redaction.regex", null))
            .orElse(DEFAULT.secretKeys);
    List<Pattern> strings = new ArrayList<>();
    for (String key : List.of("spark.redaction.string.regex", "spark.sql.redaction.string.regex")) {
      compile(key, sparkConf.get(key)).ifPresent(strings::add);
    }
    strings.addAll(userPatterns);
    return new Redaction(keys, strings, SqlLiterals.MASK);
  }

  /** This redaction with SQL literals masked or kept ({@code facets.sql.literals}). */
  public Redaction withSqlLiterals(SqlLiterals mode) {
    return new Redaction(secretKeys, strings, mode);
  }

  /** True when {@link #sql} masks literals (the default). */
  public boolean masksSqlLiterals() {
    return sqlLiterals == SqlLiterals.MASK;
  }

  private static Optional<Pattern> compile(String key, String regex) {
    if (regex == null || regex.isBlank()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Pattern.compile(regex));
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          key + ": '" + regex + "' is not a Java regular expression: " + e.getDescription(), e);
    }
  }

  /** True when there are string patterns besides the built-in rules (they can match anything). */
  public boolean hasStringPatterns() {
    return !strings.isEmpty();
  }

  /** True when {@code key} (a property or JSON field name) names a secret. */
  public boolean isSecretKey(String key) {
    return secretKeys.matcher(key).find();
  }

  /**
   * True when {@code text} may hold something {@link #text}, {@link #name} or {@link #isSecretKey}
   * would redact: a cheap test that lets text without any sign of a secret skip redaction. Never
   * false for text a rule would change.
   */
  public boolean mayContainSecrets(String text) {
    return hasStringPatterns()
        || (masksSqlLiterals() && text.contains("== SQL"))
        || (!defaultSecretKeys && secretKeys.matcher(text).find())
        || (mayNameCredential(text)
            && ((defaultSecretKeys && secretKeys.matcher(text).find())
                || CREDENTIAL_NAME_ANYWHERE.matcher(text).find()))
        || (text.indexOf('@') >= 0 && URL_USERINFO.matcher(text).find());
  }

  /**
   * Whether {@link #CREDENTIAL_NAME_ANYWHERE} or {@link #DEFAULT_SECRET_KEYS} can match {@code
   * text}: every one of their matches holds one of these words (in any case), and a search for them
   * costs far less than the pattern's alternation tried at every position of an event's JSON.
   */
  private static boolean mayNameCredential(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    for (String word : CREDENTIAL_WORDS) {
      if (lower.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /** A Spark property's value as it may leave the process (see the class comment). */
  public String property(String key, String value) {
    if (value == null) {
      return null;
    }
    if (isSecretKey(key) || secretKeys.matcher(value).find()) {
      return REDACTED;
    }
    return text(value);
  }

  /** Free text with credentials and pattern matches replaced (see the class comment). */
  public String text(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String out = masksSqlLiterals() ? SqlQueryContexts.mask(text) : text;
    out =
        URL_USERINFO
            .matcher(out)
            .replaceAll(m -> quote(m.group(1) + m.group(2)) + ":" + quote(REDACTED) + "@");
    out = pairs(out);
    for (Pattern pattern : strings) {
      out = pattern.matcher(out).replaceAll(quote(REDACTED));
    }
    return out;
  }

  /**
   * SQL text as it may leave the process: {@link #maskedSql}, then {@link #text} (see the class
   * comment). Never throws.
   */
  public String sql(String sql) {
    return text(maskedSql(sql));
  }

  /**
   * SQL text with its literals and comments masked ({@link SqlLiteralMasker}), or as it is when
   * literals are kept; no other rule applied. Never throws.
   */
  public String maskedSql(String sql) {
    return sql == null || sql.isEmpty() || !masksSqlLiterals() ? sql : SqlLiteralMasker.mask(sql);
  }

  /** A dataset namespace or name with only its credentials removed (see the class comment). */
  public String name(String name) {
    if (name == null || name.isEmpty()) {
      return name;
    }
    String out = URL_USERINFO.matcher(name).replaceAll(m -> quote(m.group(1)));
    return replacePairs(PLAIN_PAIR, out, 1, 3);
  }

  private String pairs(String text) {
    String out = replacePairs(QUOTED_PAIR, text, 2, 5);
    return replacePairs(PLAIN_PAIR, out, 1, 3);
  }

  private String replacePairs(Pattern pattern, String text, int nameGroup, int valueGroup) {
    Matcher m = pattern.matcher(text);
    StringBuilder out = null;
    int last = 0;
    while (m.find()) {
      String name = m.group(nameGroup);
      String value = m.group(valueGroup);
      if (value.isEmpty()
          || value.equals(SqlLiteralMasker.MASK) // a masked SQL literal holds nothing
          || text.startsWith(REDACTED, m.start(valueGroup))
          || !namesCredential(name)) {
        continue;
      }
      if (out == null) {
        out = new StringBuilder(text.length());
      }
      out.append(text, last, m.start(valueGroup)).append(REDACTED);
      last = m.end(valueGroup);
    }
    if (out == null) {
      return text;
    }
    return out.append(text, last, text.length()).toString();
  }

  private boolean namesCredential(String name) {
    String last = name.substring(name.lastIndexOf('.') + 1);
    return isSecretKey(name) || CREDENTIAL_NAME.matcher(last).find();
  }

  private static String quote(String replacement) {
    return Matcher.quoteReplacement(replacement);
  }
}
