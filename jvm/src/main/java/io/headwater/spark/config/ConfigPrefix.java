package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import java.util.Objects;

/**
 * A family of configuration keys declared once: every key below {@code spark.openlineage.<path>.},
 * one per {@code <member>} (e.g. {@code job.owners.<type>}), read as a map from member to value.
 * The same path holds in {@code openlineage.yml} and {@code OPENLINEAGE__} variables, as for {@link
 * ConfigKey}.
 *
 * @param path dotted path below {@code spark.openlineage.}, e.g. {@code job.owners}
 * @param member what a key's last part names, e.g. {@code type}
 * @param doc what the keys do
 */
@Internal
public record ConfigPrefix(String path, String member, String doc) {
  public ConfigPrefix {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(member, "member");
    Objects.requireNonNull(doc, "doc");
  }

  /** The keys as a Spark user writes them: {@code spark.openlineage.<path>.<member>}. */
  public String sparkKey() {
    return ConfigTree.SPARK_PREFIX + path + ".<" + member + ">";
  }

  /** The path as segments of the configuration tree. */
  String[] segments() {
    return path.split("\\.", -1);
  }
}
