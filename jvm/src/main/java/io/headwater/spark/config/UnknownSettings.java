package io.headwater.spark.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * Finds the settings of the merged configuration tree that nothing reads — a misspelt key, a key of
 * another agent — so each can be reported once, with the closest key Headwater knows. Known are:
 * the keys of {@link ConfigKeys#ALL}, one level below each {@link ConfigKeys#PREFIXES} family,
 * anything below {@code extensions.} (extensions' own settings), the {@code transport} subtree as
 * the client's configuration types define it ({@link TransportKeys}), and below {@code facets}:
 * {@code disabled}, {@code customEnvironmentVariables}, any key ending in {@code .disabled} and the
 * keys of {@link ConfigKeys#ALL} there ({@code facets.sql.literals}).
 */
final class UnknownSettings {
  // commons-text comes with Spark (every supported release), like Jackson
  private static final LevenshteinDistance LEVENSHTEIN = LevenshteinDistance.getDefaultInstance();

  private UnknownSettings() {}

  /**
   * What {@link #find} found.
   *
   * @param warnings one per unknown setting, naming it and the closest known key
   * @param unknownTransportKeys the unknown keys below {@code transport} (the client's types would
   *     refuse some of them, e.g. in a {@code composite}'s children)
   */
  record Found(List<String> warnings, List<List<String>> unknownTransportKeys) {}

  /**
   * The unknown settings of {@code merged}, each named as {@code describe} does with the closest
   * known key, in the tree's order.
   */
  static Found find(ObjectNode merged, Function<String[], String> describe) {
    List<String> warnings = new ArrayList<>();
    List<List<String>> unknownTransportKeys = new ArrayList<>();
    Set<String> known = new HashSet<>();
    for (ConfigKey<?> key : ConfigKeys.ALL) {
      known.add(key.path());
    }
    List<String> candidates = new ArrayList<>(known);
    for (ConfigPrefix prefix : ConfigKeys.PREFIXES) {
      candidates.add(prefix.path() + ".<" + prefix.member() + ">");
    }
    candidates.add("facets.<name>.disabled");
    candidates.add("dataset.namespaceResolvers.<name>.type");
    candidates.add("transport.type");
    for (Map.Entry<String, JsonNode> entry : merged.properties()) {
      List<String> path = List.of(entry.getKey());
      JsonNode value = entry.getValue();
      if ("transport".equals(entry.getKey())) {
        TransportKeys.check(
            value,
            path,
            (unknown, levelKeys) -> {
              List<String> all = new ArrayList<>(candidates);
              all.addAll(levelKeys);
              warnings.add(warning(unknown, all, describe));
              unknownTransportKeys.add(unknown);
            });
      } else if ("facets".equals(entry.getKey())) {
        leaves(value, new ArrayList<>(path)).stream()
            .filter(leaf -> !isFacetSetting(leaf) && !known.contains(String.join(".", leaf)))
            .forEach(leaf -> warnings.add(warning(leaf, candidates, describe)));
      } else if (!ConfigKeys.EXTENSIONS_PREFIX.equals(entry.getKey())) {
        for (List<String> leaf : leaves(value, new ArrayList<>(path))) {
          String dotted = String.join(".", leaf);
          if (CompatKeys.REFUSED.containsKey(dotted)) {
            warnings.add(
                describe.apply(leaf.toArray(String[]::new)) + " " + CompatKeys.REFUSED.get(dotted));
          } else if (!known.contains(dotted) && !inPrefix(leaf) && !isNamespaceResolver(leaf)) {
            warnings.add(warning(leaf, candidates, describe));
          }
        }
      }
    }
    return new Found(warnings, unknownTransportKeys);
  }

  private static boolean isFacetSetting(List<String> leaf) {
    String below = String.join(".", leaf.subList(1, leaf.size()));
    return below.equals("disabled")
        || below.equals("customEnvironmentVariables")
        || below.equals("variables")
        || below.equals("custom_environment_variables")
        || (leaf.size() > 2 && leaf.get(leaf.size() - 1).equals("disabled"));
  }

  /** {@code dataset.namespaceResolvers.<name>.<field>}, read by the client's resolvers. */
  private static boolean isNamespaceResolver(List<String> leaf) {
    return leaf.size() == 4
        && leaf.get(0).equals("dataset")
        && leaf.get(1).equals("namespaceResolvers")
        && CompatKeys.NAMESPACE_RESOLVER_FIELDS.contains(leaf.get(3));
  }

  private static boolean inPrefix(List<String> leaf) {
    for (ConfigPrefix prefix : ConfigKeys.PREFIXES) {
      List<String> segments = List.of(prefix.segments());
      if (leaf.size() == segments.size() + 1 && leaf.subList(0, segments.size()).equals(segments)) {
        return true;
      }
    }
    return false;
  }

  /** The paths of every value (a scalar or a list) at or below {@code node}. */
  private static List<List<String>> leaves(JsonNode node, List<String> path) {
    List<List<String>> out = new ArrayList<>();
    if (node.isObject()) {
      for (Map.Entry<String, JsonNode> field : node.properties()) {
        List<String> child = new ArrayList<>(path);
        child.add(field.getKey());
        out.addAll(leaves(field.getValue(), child));
      }
    } else {
      out.add(path);
    }
    return out;
  }

  private static String warning(
      List<String> path, List<String> candidates, Function<String[], String> describe) {
    String dotted = String.join(".", path);
    String closest = candidates.get(0);
    int best = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      int distance =
          LEVENSHTEIN.apply(dotted.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
      if (distance < best) {
        best = distance;
        closest = candidate;
      }
    }
    return describe.apply(path.toArray(String[]::new))
        + " is not a setting Headwater knows and is ignored; the closest known key is "
        + ConfigTree.SPARK_PREFIX
        + closest
        + " (an extension's own settings belong under "
        + ConfigTree.SPARK_PREFIX
        + ConfigKeys.EXTENSIONS_PREFIX
        + ".<extension>.)";
  }
}
