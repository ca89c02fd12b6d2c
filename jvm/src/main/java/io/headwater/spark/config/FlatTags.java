package io.headwater.spark.config;

import com.fasterxml.jackson.databind.JsonNode;
import io.headwater.spark.annotation.Internal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Nested tag maps flattened as the tagging proposal asks: keys joined with {@code _}, so {@code
 * {"meta": {"nr_config": {"team": "X"}}}} is the tag {@code meta_nr_config_team = X}. Booleans and
 * numbers become their JSON text ({@code true}, {@code 3}); null becomes {@code "true"} (a label).
 */
@Internal
public final class FlatTags {
  private FlatTags() {}

  /**
   * The tags of {@code node} under {@code key} (an object adds its keys with {@code _}), with
   * {@code source}.
   */
  public static List<Tag> of(String key, JsonNode node, String source, String field) {
    List<Tag> tags = new ArrayList<>();
    collect(key, node, source, field, tags);
    return tags;
  }

  private static void collect(
      String key, JsonNode node, String source, String field, List<Tag> out) {
    if (node != null && node.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> entries = node.properties().iterator();
      while (entries.hasNext()) {
        Map.Entry<String, JsonNode> entry = entries.next();
        collect(
            key.isEmpty() ? entry.getKey() : key + "_" + entry.getKey(),
            entry.getValue(),
            source,
            field,
            out);
      }
      return;
    }
    if (key.isBlank()) {
      return;
    }
    String value =
        node == null || node.isNull()
            ? "true"
            : node.isValueNode() ? node.asText() : node.toString();
    out.add(new Tag(key, value.isEmpty() ? "true" : value, source, field));
  }
}
