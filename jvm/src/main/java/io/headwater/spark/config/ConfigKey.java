package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One configuration key, declared once: its path under {@code spark.openlineage.} (the same path in
 * {@code openlineage.yml} and, upper-cased with {@code __}, in {@code OPENLINEAGE__} variables),
 * its documentation, its default and its parser. The parser throws {@link IllegalArgumentException}
 * with a one-sentence reason for a value it rejects; {@link ConfigLoader} turns that into an {@link
 * InvalidConfigException} that names the key.
 *
 * @param path dotted path below {@code spark.openlineage.}, e.g. {@code emit.queueCapacity}
 * @param doc what the key does, with its unit
 * @param defaultValue the value when no source sets the key; empty for keys that are optional
 * @param parser text to value
 * @param <T> the value's type
 */
@Internal
public record ConfigKey<T>(
    String path, String doc, Optional<T> defaultValue, Function<String, T> parser) {
  public ConfigKey {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(doc, "doc");
    Objects.requireNonNull(defaultValue, "defaultValue");
    Objects.requireNonNull(parser, "parser");
  }

  /** The key as a Spark user writes it: {@code spark.openlineage.<path>}. */
  public String sparkKey() {
    return ConfigTree.SPARK_PREFIX + path;
  }

  /**
   * This key's value in Spark settings alone ({@link #sparkKey}, e.g. a {@code SparkConf}'s
   * entries), for what must be known before the full configuration is read (openlineage.yml, the
   * environment): the parsed value, or the default when the settings do not set the key or set a
   * value its parser rejects. The full reading ({@link ConfigLoader}) reports such a value.
   *
   * @param sparkSettings Spark configuration entries, {@code spark.openlineage.} keys included
   * @return the value; null only for a key without default that the settings do not set validly
   */
  public T inSparkSettings(Map<String, String> sparkSettings) {
    String text = sparkSettings.get(sparkKey());
    if (text != null) {
      try {
        return parser.apply(text.trim());
      } catch (IllegalArgumentException e) {
        // the agent's configuration reading reports it; the default serves meanwhile
      }
    }
    return defaultValue.orElse(null);
  }

  static ConfigKey<String> string(String path, String doc, String defaultValue) {
    return new ConfigKey<>(path, doc, Optional.ofNullable(defaultValue), value -> value);
  }

  static ConfigKey<Boolean> bool(String path, String doc, boolean defaultValue) {
    return new ConfigKey<>(path, doc, Optional.of(defaultValue), ConfigKey::parseBoolean);
  }

  static ConfigKey<Integer> positiveInt(String path, String doc, int defaultValue) {
    return new ConfigKey<>(
        path,
        doc,
        Optional.of(defaultValue),
        value -> (int) parsePositive(value, Integer.MAX_VALUE));
  }

  static ConfigKey<Long> positiveLong(String path, String doc, long defaultValue) {
    return new ConfigKey<>(
        path, doc, Optional.of(defaultValue), value -> parsePositive(value, Long.MAX_VALUE));
  }

  /** A whole number from 1 to {@code max}. */
  static long parsePositive(String value, long max) {
    long parsed;
    try {
      parsed = Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + value + "' is not a whole number");
    }
    if (parsed < 1) {
      throw new IllegalArgumentException("must be at least 1, was " + parsed);
    }
    if (parsed > max) {
      throw new IllegalArgumentException("must be at most " + max + ", was " + parsed);
    }
    return parsed;
  }

  static java.util.regex.Pattern parseRegex(String value) {
    try {
      return java.util.regex.Pattern.compile(value);
    } catch (java.util.regex.PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "'" + value + "' is not a Java regular expression: " + e.getDescription(), e);
    }
  }

  static boolean parseBoolean(String value) {
    String v = value.trim();
    if ("true".equalsIgnoreCase(v)) {
      return true;
    }
    if ("false".equalsIgnoreCase(v)) {
      return false;
    }
    throw new IllegalArgumentException("'" + value + "' is neither true nor false");
  }
}
