package io.headwater.spark.naming;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.CompatKeys;
import io.headwater.spark.config.CompatOptions;
import io.openlineage.client.OpenLineageClientUtils;
import io.openlineage.client.dataset.namespace.resolver.DatasetNamespaceCombinedResolver;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user's rules for dataset identities, as openlineage-spark applies them: {@code
 * spark.openlineage.dataset.removePath.pattern} (on the first match of the regex in a dataset name,
 * the text of its named group {@code remove} is cut out, e.g. {@code (.*)(?<remove>/v[0-9]+)} turns
 * {@code /data/orders/v3} into {@code /data/orders}) and {@code
 * spark.openlineage.dataset.namespaceResolvers.<name>.*} (the OpenLineage client's resolvers: a
 * namespace naming one of several hosts becomes {@code <name>}, so a Kafka cluster's brokers or a
 * database's replicas are one namespace).
 *
 * <p>Applied to every dataset of every event the agent builds: inputs and outputs of runs (SQL and
 * RDD) and JobEvents, the dataset of a DatasetEvent, the identifiers of their {@code symlinks}
 * facets, the input fields of {@code columnLineage} and a {@code lifecycleStateChange}'s previous
 * identifier. openlineage-spark leaves symlinks and namespaces of column lineage alone; Headwater
 * does not, so every name of one dataset in an event agrees. Without rules, datasets pass unchanged
 * (the same objects).
 */
@Internal
public final class DatasetNameRules {
  /** No rules: every dataset passes unchanged. */
  public static final DatasetNameRules NONE =
      new DatasetNameRules(Optional.empty(), Optional.empty());

  private static final ObjectMapper MAPPER = OpenLineageClientUtils.newObjectMapper();

  private final Optional<Pattern> removePath;
  private final Optional<DatasetNamespaceCombinedResolver> resolver;

  private DatasetNameRules(
      Optional<Pattern> removePath, Optional<DatasetNamespaceCombinedResolver> resolver) {
    this.removePath = removePath;
    this.resolver = resolver;
  }

  /** The rules {@code options} configure. */
  public static DatasetNameRules of(CompatOptions options) {
    return new DatasetNameRules(options.removePath(), options.namespaceResolver());
  }

  /** Whether any rule is configured. */
  public boolean isEmpty() {
    return removePath.isEmpty() && resolver.isEmpty();
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
   * {@code datasets} (the client's model: {@code InputDataset}, {@code OutputDataset}, {@code
   * StaticDataset}) with the rules applied to their identities and facets.
   */
  public <T> List<T> apply(List<T> datasets, Class<T> type) {
    if (isEmpty()) {
      return datasets;
    }
    return datasets.stream().map(dataset -> apply(dataset, type)).toList();
  }

  /** One dataset with the rules applied ({@link #apply(List, Class)}). */
  public <T> T apply(T dataset, Class<T> type) {
    if (isEmpty() || dataset == null) {
      return dataset;
    }
    JsonNode tree = MAPPER.valueToTree(dataset);
    rewriteIdentity(tree);
    JsonNode facets = tree.get("facets");
    if (facets != null) {
      for (JsonNode identifier : facets.path("symlinks").path("identifiers")) {
        rewriteIdentity(identifier);
      }
      rewriteIdentity(facets.path("lifecycleStateChange").path("previousIdentifier"));
      JsonNode columnLineage = facets.path("columnLineage");
      for (Map.Entry<String, JsonNode> field : columnLineage.path("fields").properties()) {
        field.getValue().path("inputFields").forEach(this::rewriteIdentity);
      }
      columnLineage.path("dataset").forEach(this::rewriteIdentity);
    }
    return MAPPER.convertValue(tree, type);
  }

  private void rewriteIdentity(JsonNode node) {
    if (!(node instanceof ObjectNode identity)) {
      return;
    }
    if (identity.get("name") != null && identity.get("name").isTextual()) {
      identity.put("name", name(identity.get("name").asText()));
    }
    if (identity.get("namespace") != null && identity.get("namespace").isTextual()) {
      identity.put("namespace", namespace(identity.get("namespace").asText()));
    }
  }
}
