package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the tag syntax of {@code spark.openlineage.job.tags} and {@code
 * spark.openlineage.run.tags} (the OpenLineage Spark integration's): {@code
 * key:value:SOURCE;label;key:value}.
 *
 * <ul>
 *   <li>Tags are separated by {@code ;}, a tag's parts by {@code :}; {@code \;} and {@code \:}
 *       stand for the characters themselves (any other backslash is kept). Parts are trimmed; blank
 *       items between {@code ;} are skipped.
 *   <li>{@code key} alone (or {@code key:} with an empty value) is a label: value {@code "true"}.
 *   <li>The source is the third part, {@code CONFIG} when absent or empty.
 * </ul>
 *
 * A tag with a blank key ({@code :v}) or more than three parts ({@code a:b:c:d}) is malformed:
 * {@link #parse} throws {@link IllegalArgumentException} naming it, and no tag of the text is used.
 */
@Internal
public final class TagParser {
  /** The source of tags written in configuration without one. */
  public static final String CONFIG_SOURCE = "CONFIG";

  private TagParser() {}

  /**
   * The tags written in {@code text}.
   *
   * @param text the setting's value, e.g. {@code team:data;pii;env:prod:SERVICE}
   * @return the tags in the order written (duplicates are resolved later, by {@link
   *     io.headwater.spark.config.TagSets})
   * @throws IllegalArgumentException naming the malformed tag
   */
  public static List<Tag> parse(String text) {
    List<Tag> tags = new ArrayList<>();
    if (text == null) {
      return tags;
    }
    for (String item : split(text, ';')) {
      if (item.isBlank()) {
        continue;
      }
      List<String> parts = split(item, ':');
      String shown = unescape(item.trim());
      if (parts.size() > 3) {
        throw new IllegalArgumentException(
            "tag '"
                + shown
                + "' has "
                + parts.size()
                + " ':'-separated parts; write key, key:value or key:value:SOURCE"
                + " (escape a literal ':' as \\:)");
      }
      String key = unescape(parts.get(0).trim());
      if (key.isEmpty()) {
        throw new IllegalArgumentException(
            "tag '" + shown + "' has no key; write key, key:value or key:value:SOURCE");
      }
      String value = parts.size() > 1 ? unescape(parts.get(1).trim()) : "";
      String source = parts.size() > 2 ? unescape(parts.get(2).trim()) : "";
      tags.add(
          new Tag(
              key, value.isEmpty() ? "true" : value, source.isEmpty() ? CONFIG_SOURCE : source));
    }
    return tags;
  }

  /**
   * Splits on {@code separator} not preceded by a backslash; escapes are kept for {@link
   * #unescape}.
   */
  private static List<String> split(String text, char separator) {
    List<String> parts = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\'
          && i + 1 < text.length()
          && (text.charAt(i + 1) == ';' || text.charAt(i + 1) == ':')) {
        current.append(c).append(text.charAt(++i));
      } else if (c == separator) {
        parts.add(current.toString());
        current.setLength(0);
      } else {
        current.append(c);
      }
    }
    parts.add(current.toString());
    return parts;
  }

  private static String unescape(String part) {
    return part.replace("\\;", ";").replace("\\:", ":");
  }
}
