package io.headwater.spark.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headwater.spark.annotation.Internal;
import io.openlineage.client.OpenLineageClientUtils;
import io.openlineage.client.transports.ConsoleConfig;
import io.openlineage.client.transports.FacetsConfig;
import io.openlineage.client.transports.TransportConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Resolves {@link HeadwaterConfig} from its three sources in one place. Precedence, highest first
 * (as in the OpenLineage Spark integration): Spark configuration {@code spark.openlineage.*}, then
 * {@code openlineage.yml}, then {@code OPENLINEAGE__*} environment variables, then {@code
 * OPENLINEAGE_URL}/{@code OPENLINEAGE_API_KEY} (an HTTP transport, used only when no source
 * configures a transport), then the defaults ({@code console} transport). {@code
 * OPENLINEAGE_DISABLED=true} turns the agent off like {@code spark.openlineage.disabled}.
 *
 * <p>Every problem is reported as an {@link InvalidConfigException} naming the setting as the user
 * wrote it.
 */
@Internal
public final class ConfigLoader {
  /**
   * The YAML reader, made when an {@code openlineage.yml} is first read: most drivers have none,
   * and loading YAML's classes would add to the listener's construction (the job's start-up).
   */
  private static final class Yaml {
    static final ObjectMapper MAPPER = new ObjectMapper(new YAMLFactory());
  }

  private final ConfigSources sources;
  private final ObjectNode sparkTree;
  private final ObjectNode ymlTree;
  private final ObjectNode envTree;
  private final Path ymlFile;
  private final ObjectNode airflowTree;
  private final java.util.Map<String, String> airflowVariables = new java.util.HashMap<>();

  private ConfigLoader(ConfigSources sources) {
    this.sources = sources;
    this.airflowTree = CompatOptionsLoader.airflowTree(sources.environment(), airflowVariables);
    this.sparkTree = ConfigTree.fromSparkConf(sources.sparkConf());
    this.ymlFile = sources.ymlFile();
    this.ymlTree = readYml(ymlFile);
    this.envTree = ConfigTree.fromEnvironment(sources.environment());
  }

  /**
   * Loads and validates the configuration.
   *
   * @throws InvalidConfigException naming the first setting that cannot be used
   */
  public static HeadwaterConfig load(ConfigSources sources) {
    return new ConfigLoader(sources).resolve();
  }

  private HeadwaterConfig resolve() {
    ObjectNode merged = JsonNodeFactory.instance.objectNode();
    ConfigTree.merge(merged, officialClientUrlTree());
    ConfigTree.merge(merged, airflowTree);
    ConfigTree.merge(merged, envTree);
    ConfigTree.merge(merged, ymlTree);
    ConfigTree.merge(merged, sparkTree);

    boolean disabled =
        read(merged, ConfigKeys.DISABLED)
            || "true".equalsIgnoreCase(sources.environment().get("OPENLINEAGE_DISABLED"));
    Redaction redaction = redaction(merged);
    UnknownSettings.Found unknown = UnknownSettings.find(merged, this::describe);
    TransportConfig transport =
        transport(withoutKeys(merged, unknown.unknownTransportKeys()), redaction);
    OptInFacets optIn = optInFacets(merged);
    Set<String> disabledFacets = new java.util.HashSet<>(disabledFacets(merged));
    if (optIn.smartDebug()) {
      disabledFacets.remove(OptInFacets.DEBUG); // the smart debug facet is sent regardless
    }
    Optional<HeadwaterConfig.ParentJob> parent = parent(merged);
    return new HeadwaterConfig(
        disabled,
        read(merged, ConfigKeys.NAMESPACE),
        readOptional(merged, ConfigKeys.APP_NAME),
        read(merged, ConfigKeys.JOB_NAME_STYLE),
        parent,
        transport,
        disabledFacets,
        customEnvironmentVariables(merged),
        read(merged, ConfigKeys.CAPTURED_PROPERTIES),
        new HeadwaterConfig.ColumnLineageSettings(
            read(merged, ConfigKeys.COLUMN_LINEAGE_DATASET_LINEAGE_ENABLED),
            read(merged, ConfigKeys.COLUMN_LINEAGE_SCHEMA_SIZE_LIMIT),
            Duration.ofMillis(read(merged, ConfigKeys.COLUMN_LINEAGE_TIME_BUDGET_MILLIS)),
            read(merged, ConfigKeys.COLUMN_LINEAGE_DESCRIPTIONS_ENABLED)),
        Duration.ofMinutes(read(merged, ConfigKeys.RUN_IDLE_TIMEOUT_MINUTES)),
        readOptional(merged, ConfigKeys.APPLICATION_SERVER),
        new ApplicationLineageSettings(
            read(merged, ConfigKeys.APPLICATION_LINEAGE_ENABLED),
            readOptional(merged, ConfigKeys.APPLICATION_LINEAGE_INTERMEDIATE_DATASETS),
            Duration.ofMillis(read(merged, ConfigKeys.APPLICATION_LINEAGE_TIME_BUDGET_MILLIS)),
            read(merged, ConfigKeys.APPLICATION_LINEAGE_SIZE_LIMIT)),
        new HeadwaterConfig.EmitSettings(
            read(merged, ConfigKeys.EMIT_QUEUE_CAPACITY),
            Duration.ofMillis(read(merged, ConfigKeys.EMIT_CLOSE_TIMEOUT_MILLIS)),
            new HeadwaterConfig.RetrySettings(
                read(merged, ConfigKeys.EMIT_RETRY_MAX_ATTEMPTS),
                Duration.ofMillis(read(merged, ConfigKeys.EMIT_RETRY_INITIAL_BACKOFF_MILLIS)),
                Duration.ofMillis(read(merged, ConfigKeys.EMIT_RETRY_MAX_BACKOFF_MILLIS)),
                Duration.ofMillis(read(merged, ConfigKeys.EMIT_RETRY_MAX_RETRY_AFTER_MILLIS))),
            new HeadwaterConfig.SpoolSettings(
                read(merged, ConfigKeys.SPOOL_ENABLED),
                directory(read(merged, ConfigKeys.SPOOL_DIR)),
                read(merged, ConfigKeys.SPOOL_MAX_BYTES)),
            readOptional(merged, ConfigKeys.EMIT_MAX_EVENT_BYTES)),
        MetadataSettingsLoader.load(
            key -> readOrDefault(merged, key), merged, sources.environment()),
        optIn,
        ConfigTree.flatten(merged),
        redaction,
        unknown.warnings(),
        CompatOptionsLoader.load(
            key -> readOrDefault(merged, key), merged, this::describe, parent));
  }

  /** A copy of {@code tree} without the settings at {@code paths} (ignored, with a warning). */
  private static ObjectNode withoutKeys(ObjectNode tree, List<List<String>> paths) {
    ObjectNode copy = tree.deepCopy();
    for (List<String> path : paths) {
      JsonNode parent = at(copy, path.subList(0, path.size() - 1).toArray(String[]::new));
      if (parent instanceof ObjectNode object) {
        object.remove(path.get(path.size() - 1));
      }
    }
    return copy;
  }

  /** A directory setting as an absolute path: {@code ~} is the user's home. */
  private static Path directory(String value) {
    String home = System.getProperty("user.home");
    String expanded =
        value.equals("~") ? home : value.startsWith("~/") ? home + value.substring(1) : value;
    return Path.of(expanded).toAbsolutePath().normalize();
  }

  /**
   * Spark's redaction settings, the user's {@code redaction.regex} (one regex, or a {@code [a;b]}
   * list) and {@code facets.sql.literals}.
   */
  private Redaction redaction(ObjectNode merged) {
    List<Pattern> patterns = new ArrayList<>();
    String[] path = ConfigKeys.REDACTION_REGEX.path().split("\\.");
    JsonNode node = at(merged, path);
    if (node != null && node.isArray()) {
      for (JsonNode item : node) {
        patterns.add(parse(ConfigKeys.REDACTION_REGEX, path, item.asText()));
      }
    } else {
      readOptional(merged, ConfigKeys.REDACTION_REGEX).ifPresent(patterns::add);
    }
    SqlLiterals sqlLiterals = read(merged, ConfigKeys.FACETS_SQL_LITERALS);
    try {
      return Redaction.of(sources.sparkConf(), patterns).withSqlLiterals(sqlLiterals);
    } catch (IllegalArgumentException e) {
      String message = e.getMessage();
      int colon = message.indexOf(": ");
      throw new InvalidConfigException(
          message.substring(0, colon), message.substring(colon + 2), e);
    }
  }

  private ObjectNode officialClientUrlTree() {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    String url = sources.environment().get("OPENLINEAGE_URL");
    if (url == null || url.isBlank()) {
      return root;
    }
    ObjectNode transport = root.putObject("transport");
    transport.put("type", "http");
    transport.put("url", url.trim());
    String endpoint = sources.environment().get("OPENLINEAGE_ENDPOINT");
    if (endpoint != null && !endpoint.isBlank()) {
      transport.put("endpoint", endpoint.trim());
    }
    String apiKey = sources.environment().get("OPENLINEAGE_API_KEY");
    if (apiKey != null && !apiKey.isBlank()) {
      ObjectNode auth = transport.putObject("auth");
      auth.put("type", "api_key");
      auth.put("apiKey", apiKey.trim());
    }
    return root;
  }

  private TransportConfig transport(ObjectNode merged, Redaction redaction) {
    JsonNode node = merged.get("transport");
    if (node == null) {
      return new ConsoleConfig();
    }
    return new TransportValidator(this::describe, redaction)
        .validate(node, new String[] {"transport"});
  }

  private Optional<HeadwaterConfig.ParentJob> parent(ObjectNode merged) {
    Optional<String> namespace = readOptional(merged, ConfigKeys.PARENT_JOB_NAMESPACE);
    Optional<String> name = readOptional(merged, ConfigKeys.PARENT_JOB_NAME);
    Optional<UUID> runId = readOptional(merged, ConfigKeys.PARENT_RUN_ID);
    if (namespace.isPresent() && name.isPresent() && runId.isPresent()) {
      return Optional.of(new HeadwaterConfig.ParentJob(namespace.get(), name.get(), runId.get()));
    }
    return Optional.empty();
  }

  /**
   * {@code facets.custom_environment_variables} ({@code [VAR1;VAR2]}), read by the OpenLineage
   * client's facets configuration, and {@code facets.variables}, the name openlineage-spark's Spark
   * configuration page gives it; none when unset.
   */
  private java.util.List<String> customEnvironmentVariables(ObjectNode merged) {
    JsonNode facets = merged.get("facets");
    if (facets == null) {
      return java.util.List.of();
    }
    try {
      String[] names =
          OpenLineageClientUtils.convertValue(facets, FacetsConfig.class)
              .getCustomEnvironmentVariables();
      java.util.List<String> all = new ArrayList<>();
      all.addAll(names == null ? java.util.List.of() : java.util.List.of(names));
      CompatOptionsLoader.items(facets.get("variables")).stream()
          .filter(name -> !all.contains(name))
          .forEach(all::add);
      return java.util.List.copyOf(all);
    } catch (RuntimeException e) {
      throw new InvalidConfigException(
          describe(new String[] {"facets"}), "cannot be read: " + rootMessage(e), e);
    }
  }

  /**
   * The opt-in facets: {@code facets.spark.logicalPlan.disabled} and {@code facets.debug.disabled}
   * set to false (they are disabled unless so, as in the OpenLineage Spark integration), and {@code
   * debug.smart}, {@code debug.smartMode}.
   */
  private OptInFacets optInFacets(ObjectNode merged) {
    java.util.Map<String, Boolean> explicit = java.util.Map.of();
    JsonNode facets = merged.get("facets");
    if (facets != null) {
      try {
        java.util.Map<String, Boolean> set =
            OpenLineageClientUtils.convertValue(facets, FacetsConfig.class).getDisabledFacets();
        explicit = set == null ? explicit : set;
      } catch (RuntimeException e) {
        throw new InvalidConfigException(
            describe(new String[] {"facets"}), "cannot be read: " + rootMessage(e), e);
      }
    }
    return new OptInFacets(
        Boolean.FALSE.equals(explicit.get(OptInFacets.LOGICAL_PLAN)),
        Boolean.FALSE.equals(explicit.get(OptInFacets.DEBUG)),
        read(merged, ConfigKeys.DEBUG_SMART),
        read(merged, ConfigKeys.DEBUG_SMART_MODE));
  }

  /**
   * The facets {@code facets.<name>.disabled} removes (the client's defaults included), and those
   * of the older list form {@code facets.disabled=[a;b]}, which openlineage-spark documents as
   * deprecated.
   */
  private Set<String> disabledFacets(ObjectNode merged) {
    JsonNode facets = merged.get("facets");
    if (facets == null) {
      return Set.copyOf(Arrays.asList(new FacetsConfig().getEffectiveDisabledFacets()));
    }
    try {
      FacetsConfig config = OpenLineageClientUtils.convertValue(facets, FacetsConfig.class);
      Set<String> disabled =
          new java.util.HashSet<>(Arrays.asList(config.getEffectiveDisabledFacets()));
      disabled.addAll(CompatOptionsLoader.items(facets.get("disabled")));
      return Set.copyOf(disabled);
    } catch (RuntimeException e) {
      throw new InvalidConfigException(
          describe(new String[] {"facets"}), "cannot be read: " + rootMessage(e), e);
    }
  }

  private <T> T read(ObjectNode tree, ConfigKey<T> key) {
    return readOptional(tree, key)
        .or(key::defaultValue)
        .orElseThrow(() -> new IllegalStateException(key.path() + " has no default"));
  }

  /** The key's value, else its default, else null. */
  private <T> T readOrDefault(ObjectNode tree, ConfigKey<T> key) {
    return readOptional(tree, key).or(key::defaultValue).orElse(null);
  }

  private <T> Optional<T> readOptional(ObjectNode tree, ConfigKey<T> key) {
    String[] path = key.path().split("\\.");
    JsonNode node = at(tree, path);
    if (node == null || node.isNull() || node.isContainerNode() || node.asText().isBlank()) {
      return Optional.empty();
    }
    return Optional.of(parse(key, path, node.asText()));
  }

  private <T> T parse(ConfigKey<T> key, String[] path, String text) {
    try {
      return key.parser().apply(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidConfigException(describe(path), e.getMessage(), e);
    }
  }

  static JsonNode at(JsonNode tree, String[] path) {
    JsonNode node = tree;
    for (String segment : path) {
      if (node == null) {
        return null;
      }
      node = node.get(segment);
    }
    return node;
  }

  /** Names the setting at {@code path} as the user wrote it, in the source that provided it. */
  String describe(String[] path) {
    String dotted = String.join(".", path);
    if (at(sparkTree, path) != null) {
      return ConfigTree.SPARK_PREFIX + dotted;
    }
    if (at(ymlTree, path) != null) {
      return dotted + " (in " + ymlFile + ")";
    }
    if (at(envTree, path) != null) {
      return ConfigTree.ENV_PREFIX + String.join("__", toEnvSegments(path));
    }
    if (airflowVariables.containsKey(dotted)) {
      return airflowVariables.get(dotted);
    }
    if (path.length > 0
        && "transport".equals(path[0])
        && sources.environment().containsKey("OPENLINEAGE_URL")) {
      return "OPENLINEAGE_URL";
    }
    return ConfigTree.SPARK_PREFIX + dotted;
  }

  private static String[] toEnvSegments(String[] path) {
    String[] segments = new String[path.length];
    for (int i = 0; i < path.length; i++) {
      segments[i] =
          path[i].replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
    }
    return segments;
  }

  private static ObjectNode readYml(Path file) {
    if (file == null) {
      return JsonNodeFactory.instance.objectNode();
    }
    try {
      JsonNode tree = Yaml.MAPPER.readTree(file.toFile());
      if (tree == null || tree.isMissingNode() || tree.isNull()) {
        return JsonNodeFactory.instance.objectNode();
      }
      if (!(tree instanceof ObjectNode object)) {
        throw new InvalidConfigException(
            file.toString(), "openlineage.yml must be a mapping of settings");
      }
      return object;
    } catch (IOException e) {
      throw new InvalidConfigException(
          file.toString(), "openlineage.yml cannot be parsed: " + rootMessage(e), e);
    }
  }

  static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message =
        root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
