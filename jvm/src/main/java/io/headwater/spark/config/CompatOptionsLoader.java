package io.headwater.spark.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.openlineage.client.OpenLineageClientUtils;
import io.openlineage.client.dataset.DatasetConfig;
import io.openlineage.client.dataset.namespace.resolver.DatasetNamespaceCombinedResolver;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Reads {@link CompatOptions} from the merged configuration tree, and turns the environment
 * variables Airflow's OpenLineage provider sets into settings of the lowest precedence ({@link
 * #airflowTree}).
 */
final class CompatOptionsLoader {
  /** Airflow's discrete variables (its Glue operator's driver environment), by setting. */
  private static final Map<String, String> DISCRETE_VARIABLES =
      Map.of(
          "OPENLINEAGE_PARENT_JOB_NAMESPACE", "parentJobNamespace",
          "OPENLINEAGE_PARENT_JOB_NAME", "parentJobName",
          "OPENLINEAGE_PARENT_RUN_ID", "parentRunId",
          "OPENLINEAGE_ROOT_PARENT_JOB_NAMESPACE", "rootParentJobNamespace",
          "OPENLINEAGE_ROOT_PARENT_JOB_NAME", "rootParentJobName",
          "OPENLINEAGE_ROOT_PARENT_RUN_ID", "rootParentRunId");

  private CompatOptionsLoader() {}

  /**
   * The parent and root settings from the environment, as Airflow's OpenLineage provider passes
   * them to the jobs it starts: {@code OPENLINEAGE_PARENT_ID} and {@code
   * OPENLINEAGE_ROOT_PARENT_ID} ({@code <namespace>/<job name>/<run id>}, its {@code
   * lineage_parent_id} and {@code lineage_root_parent_id} macros), and the discrete {@code
   * OPENLINEAGE_[ROOT_]PARENT_JOB_NAMESPACE|JOB_NAME|RUN_ID}, which win over the combined form.
   *
   * @return a tree of {@code parentJobNamespace} ... {@code rootParentRunId}; the variable a
   *     setting came from is in {@code sources}
   * @throws InvalidConfigException for a combined variable without three parts
   */
  static ObjectNode airflowTree(Map<String, String> environment, Map<String, String> sources) {
    ObjectNode tree = JsonNodeFactory.instance.objectNode();
    combined(environment, "OPENLINEAGE_PARENT_ID", "parent", tree, sources);
    combined(environment, "OPENLINEAGE_ROOT_PARENT_ID", "rootParent", tree, sources);
    for (Map.Entry<String, String> variable : DISCRETE_VARIABLES.entrySet()) {
      String value = environment.get(variable.getKey());
      if (value != null && !value.isBlank()) {
        tree.put(variable.getValue(), value.trim());
        sources.put(variable.getValue(), variable.getKey());
      }
    }
    return tree;
  }

  private static void combined(
      Map<String, String> environment,
      String variable,
      String prefix,
      ObjectNode tree,
      Map<String, String> sources) {
    String value = environment.get(variable);
    if (value == null || value.isBlank()) {
      return;
    }
    // the job name may hold '/', the namespace and the run id do not
    int first = value.indexOf('/');
    int last = value.lastIndexOf('/');
    if (first < 1 || last <= first + 1 || last == value.length() - 1) {
      throw new InvalidConfigException(
          variable, "'" + value + "' is not <namespace>/<job name>/<run id>");
    }
    String[] keys = {prefix + "JobNamespace", prefix + "JobName", prefix + "RunId"};
    String[] parts = {
      value.substring(0, first), value.substring(first + 1, last), value.substring(last + 1)
    };
    for (int i = 0; i < 3; i++) {
      tree.put(keys[i], parts[i].trim());
      sources.put(keys[i], variable);
    }
  }

  /**
   * @param read reads a declared key from the merged tree, or its default, or null (throwing {@link
   *     InvalidConfigException} naming it)
   * @param merged the merged tree, for the list keys and the namespace resolvers
   * @param describe names a setting as the user wrote it
   * @param parent the resolved parent, the root's fallback
   */
  static CompatOptions load(
      Function<ConfigKey<?>, Object> read,
      JsonNode merged,
      Function<String[], String> describe,
      Optional<HeadwaterConfig.ParentJob> parent) {
    return new CompatOptions(
        rootParent(read, parent),
        Optional.ofNullable((UUID) read.apply(CompatKeys.APPLICATION_RUN_ID)),
        Optional.ofNullable((Pattern) read.apply(CompatKeys.DATASET_REMOVE_PATH_PATTERN)),
        namespaceResolver(merged, describe),
        (Boolean) read.apply(CompatKeys.JOB_NAME_APPEND_DATASET_NAME),
        (Boolean) read.apply(CompatKeys.JOB_NAME_REPLACE_DOT_WITH_UNDERSCORE),
        (Boolean) read.apply(CompatKeys.FILTER_RDD_EVENTS_DISABLED),
        list(merged, CompatKeys.FILTER_ALLOWED_SPARK_NODES),
        list(merged, CompatKeys.FILTER_DENIED_SPARK_NODES),
        CompatKeys.IDENTITY_TABLE.equals(read.apply(CompatKeys.DATASET_IDENTITY)));
  }

  /** Each part from its root key, else from the parent's; empty unless all three are known. */
  private static Optional<HeadwaterConfig.ParentJob> rootParent(
      Function<ConfigKey<?>, Object> read, Optional<HeadwaterConfig.ParentJob> parent) {
    String namespace =
        Optional.ofNullable((String) read.apply(CompatKeys.ROOT_PARENT_JOB_NAMESPACE))
            .orElse(parent.map(HeadwaterConfig.ParentJob::namespace).orElse(null));
    String name =
        Optional.ofNullable((String) read.apply(CompatKeys.ROOT_PARENT_JOB_NAME))
            .orElse(parent.map(HeadwaterConfig.ParentJob::name).orElse(null));
    UUID runId =
        Optional.ofNullable((UUID) read.apply(CompatKeys.ROOT_PARENT_RUN_ID))
            .orElse(parent.map(HeadwaterConfig.ParentJob::runId).orElse(null));
    if (namespace == null || name == null || runId == null) {
      return Optional.empty();
    }
    return Optional.of(new HeadwaterConfig.ParentJob(namespace, name, runId));
  }

  /**
   * {@code dataset.namespaceResolvers.<resolved>.type} ({@code hostList} with {@code hosts}, {@code
   * pattern} with {@code regex}, {@code patternGroup} with {@code regex} and {@code
   * matchingGroup}), read by the OpenLineage client's {@code DatasetConfig}.
   */
  private static Optional<DatasetNamespaceCombinedResolver> namespaceResolver(
      JsonNode merged, Function<String[], String> describe) {
    JsonNode resolvers = ConfigLoader.at(merged, new String[] {"dataset", "namespaceResolvers"});
    if (resolvers == null || resolvers.isEmpty()) {
      return Optional.empty();
    }
    ObjectNode dataset = JsonNodeFactory.instance.objectNode();
    dataset.set("namespaceResolvers", resolvers);
    try {
      DatasetConfig config = OpenLineageClientUtils.convertValue(dataset, DatasetConfig.class);
      return Optional.of(new DatasetNamespaceCombinedResolver(config));
    } catch (RuntimeException e) {
      throw new InvalidConfigException(
          describe.apply(new String[] {"dataset", "namespaceResolvers"}),
          "cannot be read (each resolver needs type hostList with hosts=[a;b], pattern with regex,"
              + " or patternGroup with regex and matchingGroup): "
              + ConfigLoader.rootMessage(e),
          e);
    }
  }

  /** A {@code [a;b]} key: the tree holds a list, or one item as text. */
  private static List<String> list(JsonNode merged, ConfigKey<List<String>> key) {
    return items(ConfigLoader.at(merged, key.path().split("\\.")));
  }

  /** The items of a {@code [a;b]} setting (a list in the tree, or text); none when absent. */
  static List<String> items(JsonNode node) {
    if (node == null || node.isNull() || node.isObject()) {
      return List.of();
    }
    if (node.isArray()) {
      List<String> items = new ArrayList<>();
      node.forEach(item -> items.addAll(CompatKeys.parseList(item.asText())));
      return items;
    }
    return CompatKeys.parseList(node.asText());
  }
}
