package io.headwater.spark.naming;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.CompatKeys;
import io.headwater.spark.config.CompatOptions;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import io.openlineage.client.dataset.namespace.resolver.DatasetNamespaceCombinedResolver;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user's rules for dataset identities, applied to every dataset of every event the agent builds
 * (inputs and outputs of SQL and RDD runs and of JobEvents, the dataset of a DatasetEvent):
 *
 * <ul>
 *   <li>{@code spark.openlineage.dataset.removePath.pattern}, as openlineage-spark applies it: on
 *       the first match of the regex in a dataset name, the text of its named group {@code remove}
 *       is cut out ({@code (.*)(?<remove>/v[0-9]+)} turns {@code /data/orders/v3} into {@code
 *       /data/orders});
 *   <li>{@code spark.openlineage.dataset.namespaceResolvers.<name>.*}, the OpenLineage client's
 *       resolvers: a namespace naming one of several hosts becomes {@code <name>}, so a Kafka
 *       cluster's brokers or a database's replicas are one namespace;
 *   <li>{@code spark.openlineage.dataset.identity=table} (Headwater's own): a catalog table is
 *       named by its catalog identity, the {@code TABLE} entry of its {@code symlinks} facet
 *       (namespace the metastore, warehouse or catalog, name {@code db.table}), and its location
 *       becomes its {@code LOCATION} symlink, the reverse of the default (the naming spec's two
 *       forms of one table).
 * </ul>
 *
 * <p>The two rules on names act on the dataset's identity, its {@code symlinks} identifiers, the
 * input fields of its {@code columnLineage} and a {@code lifecycleStateChange}'s previous
 * identifier (openlineage-spark leaves symlinks and column lineage's namespaces alone; Headwater
 * keeps every name of one dataset in an event in agreement). With table identity, input fields of
 * {@code columnLineage} that name a table of the event by its location name it as the table.
 * Without rules, datasets pass unchanged (the same objects).
 */
@Internal
public final class DatasetNameRules {
  /** No rules: every dataset passes unchanged. */
  public static final DatasetNameRules NONE =
      new DatasetNameRules(Optional.empty(), Optional.empty(), false);

  private static final ObjectMapper MAPPER = OpenLineageClientUtils.newObjectMapper();
  private static final String TABLE = "TABLE";
  private static final String LOCATION = "LOCATION";

  private final Optional<Pattern> removePath;
  private final Optional<DatasetNamespaceCombinedResolver> resolver;
  private final boolean tableIdentity;

  private DatasetNameRules(
      Optional<Pattern> removePath,
      Optional<DatasetNamespaceCombinedResolver> resolver,
      boolean tableIdentity) {
    this.removePath = removePath;
    this.resolver = resolver;
    this.tableIdentity = tableIdentity;
  }

  /** The rules {@code options} configure. */
  public static DatasetNameRules of(CompatOptions options) {
    return new DatasetNameRules(
        options.removePath(), options.namespaceResolver(), options.tableIdentity());
  }

  /** Whether any rule is configured. */
  public boolean isEmpty() {
    return removePath.isEmpty() && resolver.isEmpty() && !tableIdentity;
  }

  /** {@code name} without the text of the first match's {@code remove} group. */
  public String name(String name) {
    if (removePath.isEmpty() || name == null) {
      return name;
    }
    Matcher matcher = removePath.get().matcher(name);
    if (!matcher.find() || matcher.start(CompatKeys.REMOVE_GROUP) < 0) {
      return name;
    }
    return name.substring(0, matcher.start(CompatKeys.REMOVE_GROUP))
        + name.substring(matcher.end(CompatKeys.REMOVE_GROUP));
  }

  /** {@code namespace} as the first resolver that changes it gives it. */
  public String namespace(String namespace) {
    return resolver.isEmpty() || namespace == null ? namespace : resolver.get().resolve(namespace);
  }

  /**
   * The identities of an event's datasets that name a table by location, each with the table's
   * identity (for {@link #apply(List, Class, Map)}); empty without table identity.
   *
   * @param datasets the event's datasets, in the client's model
   */
  public Map<List<String>, List<String>> tables(List<?>... datasets) {
    Map<List<String>, List<String>> tables = new HashMap<>();
    if (!tableIdentity) {
      return tables;
    }
    for (List<?> list : datasets) {
      for (Object dataset : list) {
        if (dataset instanceof OpenLineage.Dataset d
            && d.getFacets() != null
            && d.getFacets().getSymlinks() != null) {
          d.getFacets().getSymlinks().getIdentifiers().stream()
              .filter(link -> TABLE.equals(link.getType()))
              .findFirst()
              .ifPresent(
                  link ->
                      tables.put(
                          List.of(namespace(d.getNamespace()), name(d.getName())),
                          List.of(namespace(link.getNamespace()), name(link.getName()))));
        }
      }
    }
    return tables;
  }

  /** {@link #apply(List, Class, Map)} with no other dataset of the event to refer to. */
  public <T> List<T> apply(List<T> datasets, Class<T> type) {
    return apply(datasets, type, tables(datasets));
  }

  /**
   * {@code datasets} (the client's model: {@code InputDataset}, {@code OutputDataset}, {@code
   * StaticDataset}) with the rules applied to their identities and facets.
   *
   * @param tables {@link #tables} of every dataset of the event
   */
  public <T> List<T> apply(
      List<T> datasets, Class<T> type, Map<List<String>, List<String>> tables) {
    if (isEmpty()) {
      return datasets;
    }
    return datasets.stream().map(dataset -> apply(dataset, type, tables)).toList();
  }

  /** One dataset with the rules applied ({@link #apply(List, Class, Map)}). */
  public <T> T apply(T dataset, Class<T> type, Map<List<String>, List<String>> tables) {
    if (isEmpty() || dataset == null) {
      return dataset;
    }
    JsonNode tree = MAPPER.valueToTree(dataset);
    rewrite(tree, Map.of());
    JsonNode facets = tree.get("facets");
    if (facets != null) {
      for (JsonNode identifier : facets.path("symlinks").path("identifiers")) {
        rewrite(identifier, Map.of());
      }
      rewrite(facets.path("lifecycleStateChange").path("previousIdentifier"), Map.of());
      JsonNode columnLineage = facets.path("columnLineage");
      for (Map.Entry<String, JsonNode> field : columnLineage.path("fields").properties()) {
        field.getValue().path("inputFields").forEach(input -> rewrite(input, tables));
      }
      columnLineage.path("dataset").forEach(input -> rewrite(input, tables));
      if (tableIdentity) {
        swapTable((ObjectNode) tree, facets.path("symlinks").path("identifiers"));
      }
    }
    return MAPPER.convertValue(tree, type);
  }

  /**
   * The dataset named by its {@code TABLE} symlink, its location becoming a {@code LOCATION}
   * symlink in that one's place.
   */
  private static void swapTable(ObjectNode dataset, JsonNode identifiers) {
    if (!(identifiers instanceof ArrayNode links)) {
      return;
    }
    for (JsonNode link : links) {
      if (link instanceof ObjectNode table && TABLE.equals(table.path("type").asText())) {
        String namespace = dataset.path("namespace").asText();
        String name = dataset.path("name").asText();
        dataset.put("namespace", table.path("namespace").asText());
        dataset.put("name", table.path("name").asText());
        table.put("namespace", namespace);
        table.put("name", name);
        table.put("type", LOCATION);
        return;
      }
    }
  }

  /** The rules on names, then the table identity {@code tables} gives a location, if any. */
  private void rewrite(JsonNode node, Map<List<String>, List<String>> tables) {
    if (!(node instanceof ObjectNode identity)
        || !identity.path("name").isTextual()
        || !identity.path("namespace").isTextual()) {
      return;
    }
    String namespace = namespace(identity.get("namespace").asText());
    String name = name(identity.get("name").asText());
    List<String> table = tables.get(List.of(namespace, name));
    identity.put("namespace", table == null ? namespace : table.get(0));
    identity.put("name", table == null ? name : table.get(1));
  }
}
