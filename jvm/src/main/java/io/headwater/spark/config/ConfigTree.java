package io.headwater.spark.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns each configuration source into one JSON tree with the shape of {@code openlineage.yml}
 * ({@code transport: {type: http, url: ...}, namespace: ..., facets: {...}}) and merges the trees.
 *
 * <p>Conventions are those of the OpenLineage Spark integration (see {@code
 * OPENLINEAGE-SPARK-FACTS.md}, §1):
 *
 * <ul>
 *   <li>Spark keys {@code spark.openlineage.a.b.c} become the path {@code a.b.c}, except that under
 *       {@code transport.properties.}, {@code transport.urlParams.} and {@code transport.headers.}
 *       the rest of the key is one map key (Kafka properties and HTTP headers contain dots). The
 *       same holds for every transport nested in another: a composite's {@code
 *       transport.transports.<name>.properties.bootstrap.servers} and a transform's {@code
 *       transport.transport.headers.X-Key} (openlineage-spark splits those at every dot, so a
 *       composite's Kafka child cannot name its brokers there). Blank values are ignored; {@code
 *       [a;b;c]} becomes a list.
 *   <li>Environment variables {@code OPENLINEAGE__A__B_C=v} become the path {@code a.bC}; a value
 *       that parses as JSON is used as JSON, anything else as a string.
 *   <li>Merging: the higher source wins key by key; a {@code transport} of a different {@code type}
 *       replaces the lower one whole.
 * </ul>
 */
final class ConfigTree {
  static final String SPARK_PREFIX = "spark.openlineage.";
  static final String ENV_PREFIX = "OPENLINEAGE__";

  /**
   * The maps of a transport whose keys contain dots: Kafka properties, HTTP URL parameters and
   * headers.
   */
  private static final Set<String> ATOMIC_MAPS = Set.of("properties", "urlParams", "headers");

  private static final ObjectMapper JSON = new ObjectMapper();

  private ConfigTree() {}

  /** The tree of every {@code spark.openlineage.*} entry of a Spark configuration. */
  static ObjectNode fromSparkConf(Map<String, String> sparkConf) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    for (Map.Entry<String, String> entry : sparkConf.entrySet()) {
      String key = entry.getKey();
      String value = entry.getValue();
      if (!key.startsWith(SPARK_PREFIX) || value == null || value.isBlank()) {
        continue;
      }
      String path = key.substring(SPARK_PREFIX.length());
      put(root, splitSparkPath(path), sparkValue(value.trim()));
    }
    return root;
  }

  /** The tree of every {@code OPENLINEAGE__*} environment variable. */
  static ObjectNode fromEnvironment(Map<String, String> environment) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    for (Map.Entry<String, String> entry : environment.entrySet()) {
      String name = entry.getKey();
      if (!name.startsWith(ENV_PREFIX) || entry.getValue() == null || entry.getValue().isBlank()) {
        continue;
      }
      String[] segments = name.substring(ENV_PREFIX.length()).split("__");
      String[] path = new String[segments.length];
      for (int i = 0; i < segments.length; i++) {
        path[i] = snakeToCamel(segments[i].toLowerCase(Locale.ROOT));
      }
      put(root, path, envValue(entry.getValue()));
    }
    return root;
  }

  /**
   * Merges {@code higher} over {@code lower} in place and returns {@code lower}: objects merge key
   * by key, anything else in {@code higher} replaces what {@code lower} had; a transport of another
   * type replaces the lower transport whole.
   */
  static ObjectNode merge(ObjectNode lower, ObjectNode higher) {
    Iterator<Map.Entry<String, JsonNode>> fields = higher.properties().iterator();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      JsonNode existing = lower.get(field.getKey());
      JsonNode incoming = field.getValue();
      if (existing instanceof ObjectNode existingObject
          && incoming instanceof ObjectNode incomingObject
          && !("transport".equals(field.getKey()) && typeDiffers(existingObject, incomingObject))) {
        merge(existingObject, incomingObject);
      } else {
        lower.set(field.getKey(), incoming.deepCopy());
      }
    }
    return lower;
  }

  private static boolean typeDiffers(ObjectNode a, ObjectNode b) {
    return a.hasNonNull("type")
        && b.hasNonNull("type")
        && !a.get("type").asText().equals(b.get("type").asText());
  }

  private static String[] splitSparkPath(String path) {
    String[] segments = path.split("\\.");
    if (!"transport".equals(segments[0])) {
      return segments;
    }
    // transport (.transports.<name> | .transport)* .<map>.<one key, dots and all>
    int transport = 0;
    while (transport + 1 < segments.length) {
      int next = transport + 1;
      String segment = segments[next];
      if (ATOMIC_MAPS.contains(segment) && next + 1 < segments.length) {
        String[] result = Arrays.copyOf(segments, next + 2);
        result[next + 1] =
            String.join(".", Arrays.copyOfRange(segments, next + 1, segments.length));
        return result;
      } else if ("transports".equals(segment) && next + 2 < segments.length) {
        transport = next + 1; // a composite's child, by its name
      } else if ("transport".equals(segment)) {
        transport = next; // a transform's inner transport
      } else {
        break;
      }
    }
    return segments;
  }

  private static JsonNode sparkValue(String value) {
    if (value.startsWith("[") && value.endsWith("]")) {
      ArrayNode list = JsonNodeFactory.instance.arrayNode();
      for (String item : value.substring(1, value.length() - 1).split(";")) {
        if (!item.isBlank()) {
          list.add(item.trim());
        }
      }
      return list;
    }
    return JsonNodeFactory.instance.textNode(value);
  }

  private static JsonNode envValue(String value) {
    try {
      JsonNode parsed = JSON.readTree(value);
      if (parsed != null && (parsed.isContainerNode() || parsed.isNumber() || parsed.isBoolean())) {
        return parsed;
      }
    } catch (java.io.IOException notJson) {
      // a plain string
    }
    return JsonNodeFactory.instance.textNode(value);
  }

  private static void put(ObjectNode root, String[] path, JsonNode value) {
    ObjectNode node = root;
    for (int i = 0; i < path.length - 1; i++) {
      JsonNode child = node.get(path[i]);
      if (!(child instanceof ObjectNode)) {
        child = node.putObject(path[i]);
      }
      node = (ObjectNode) child;
    }
    node.set(path[path.length - 1], value);
  }

  static String snakeToCamel(String snake) {
    StringBuilder out = new StringBuilder(snake.length());
    boolean upper = false;
    for (int i = 0; i < snake.length(); i++) {
      char c = snake.charAt(i);
      if (c == '_') {
        upper = out.length() > 0;
      } else {
        out.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    return out.toString();
  }

  /**
   * Every leaf of {@code tree} as text by its dotted path ({@code transport.type -> http}); arrays
   * and objects below a leaf path are given as JSON text.
   */
  static java.util.Map<String, String> flatten(JsonNode tree) {
    java.util.Map<String, String> flat = new java.util.TreeMap<>();
    flatten("", tree, flat);
    return flat;
  }

  private static void flatten(String path, JsonNode node, java.util.Map<String, String> flat) {
    if (node.isObject()) {
      node.properties()
          .forEach(
              e ->
                  flatten(
                      path.isEmpty() ? e.getKey() : path + "." + e.getKey(), e.getValue(), flat));
    } else if (!path.isEmpty() && !node.isNull()) {
      flat.put(path, node.isValueNode() ? node.asText() : node.toString());
    }
  }
}
