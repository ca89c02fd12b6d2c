package io.headwater.spark.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads {@link MetadataSettings} from the merged configuration tree and the environment.
 *
 * <p>Environment tags (source {@code USER}, keys lower-cased, never applied to datasets): {@code
 * OPENLINEAGE__TAGS__JOB__<KEY>=value} and {@code OPENLINEAGE__TAGS__RUN__<KEY>=value} (as
 * openlineage-python reads them), and {@code OPENLINEAGE_TAG__<KEY>=value} for both job and run. A
 * value that is a JSON object is flattened ({@link FlatTags}). Configuration tags ({@link
 * TagParser}) come after them, so for the same key and source the configuration wins.
 */
final class MetadataSettingsLoader {
  static final String USER_SOURCE = "USER";
  private static final ObjectMapper JSON = new ObjectMapper();

  private MetadataSettingsLoader() {}

  /**
   * @param read reads a declared key from the merged tree (throwing {@link InvalidConfigException}
   *     naming it)
   * @param merged the merged tree, for the {@code job.owners} map
   */
  static MetadataSettings load(
      java.util.function.Function<ConfigKey<?>, Object> read,
      JsonNode merged,
      Map<String, String> environment) {
    List<Tag> envJob = new ArrayList<>();
    List<Tag> envRun = new ArrayList<>();
    for (Map.Entry<String, String> entry : new TreeMap<>(environment).entrySet()) {
      String name = entry.getKey();
      String upper = name.toUpperCase(Locale.ROOT);
      if (upper.startsWith("OPENLINEAGE__TAGS__JOB__")) {
        envJob.addAll(
            envTags(name.substring("OPENLINEAGE__TAGS__JOB__".length()), entry.getValue()));
      } else if (upper.startsWith("OPENLINEAGE__TAGS__RUN__")) {
        envRun.addAll(
            envTags(name.substring("OPENLINEAGE__TAGS__RUN__".length()), entry.getValue()));
      } else if (upper.startsWith("OPENLINEAGE_TAG__")) {
        List<Tag> both = envTags(name.substring("OPENLINEAGE_TAG__".length()), entry.getValue());
        envJob.addAll(both);
        envRun.addAll(both);
      }
    }
    List<Tag> configJob = tags(read.apply(ConfigKeys.JOB_TAGS));
    List<Tag> configRun = tags(read.apply(ConfigKeys.RUN_TAGS));
    return new MetadataSettings(
        TagSets.combine(envJob, configJob),
        TagSets.combine(envRun, configRun),
        owners(merged),
        (MetadataSettings.DdlEvents) read.apply(ConfigKeys.STATIC_LINEAGE_DDL),
        sourceCode((String) read.apply(ConfigKeys.SOURCE_CODE_FILE)),
        sourceCodeLocation(merged),
        java.util.Optional.ofNullable((String) read.apply(ConfigKeys.PIPELINE_NAME))
            .filter(name -> !name.isBlank()));
  }

  /** At most this many bytes of a job's code go into the {@code sourceCode} facet. */
  static final int SOURCE_CODE_MAX_BYTES = 64 * 1024;

  private static java.util.Optional<MetadataSettings.SourceCode> sourceCode(String file) {
    if (file == null || file.isBlank()) {
      return java.util.Optional.empty();
    }
    java.nio.file.Path path = java.nio.file.Path.of(file.trim());
    byte[] bytes;
    try (java.io.InputStream in = java.nio.file.Files.newInputStream(path)) {
      bytes = in.readNBytes(SOURCE_CODE_MAX_BYTES);
    } catch (java.io.IOException e) {
      throw new InvalidConfigException(
          ConfigKeys.SOURCE_CODE_FILE.sparkKey(),
          "'" + file + "' cannot be read: " + e.getMessage(),
          e);
    }
    java.nio.charset.CharsetDecoder decoder =
        java.nio.charset.StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(java.nio.charset.CodingErrorAction.IGNORE)
            .onUnmappableCharacter(java.nio.charset.CodingErrorAction.IGNORE);
    String text;
    try {
      text = decoder.decode(java.nio.ByteBuffer.wrap(bytes)).toString();
    } catch (java.nio.charset.CharacterCodingException e) {
      text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }
    return java.util.Optional.of(
        new MetadataSettings.SourceCode(language(path.getFileName().toString()), text));
  }

  /**
   * The language of a file by its suffix: {@code .py} python, {@code .scala} scala, {@code .sql}
   * sql, ...
   */
  static String language(String fileName) {
    int dot = fileName.lastIndexOf('.');
    String suffix = dot < 0 ? "" : fileName.substring(dot + 1).toLowerCase(Locale.ROOT);
    return switch (suffix) {
      case "py" -> "python";
      case "scala", "sc" -> "scala";
      case "java" -> "java";
      case "sql" -> "sql";
      case "r" -> "r";
      default -> suffix.isEmpty() ? "unknown" : suffix;
    };
  }

  private static final List<String> LOCATION_FIELDS =
      List.of("type", "url", "repoUrl", "path", "version", "tag", "branch");

  private static Map<String, String> sourceCodeLocation(JsonNode merged) {
    JsonNode node = ConfigLoader.at(merged, ConfigKeys.SOURCE_CODE_LOCATION.segments());
    Map<String, String> fields = new java.util.LinkedHashMap<>();
    if (node == null || !node.isObject()) {
      return fields;
    }
    for (String field : LOCATION_FIELDS) {
      JsonNode value = node.get(field);
      if (value != null && value.isValueNode() && !value.asText().isBlank()) {
        fields.put(field, value.asText().trim());
      }
    }
    if (!fields.isEmpty() && (!fields.containsKey("type") || !fields.containsKey("url"))) {
      throw new InvalidConfigException(
          "spark.openlineage.sourceCodeLocation",
          "needs both type and url (the facet requires them), got " + fields.keySet());
    }
    if (fields.containsKey("url")) {
      try {
        if (!java.net.URI.create(fields.get("url")).isAbsolute()) {
          throw new IllegalArgumentException("not absolute");
        }
      } catch (IllegalArgumentException e) {
        throw new InvalidConfigException(
            "spark.openlineage.sourceCodeLocation.url",
            "'" + fields.get("url") + "' is not an absolute URI");
      }
    }
    return fields;
  }

  @SuppressWarnings("unchecked")
  private static List<Tag> tags(Object value) {
    return value == null ? List.of() : (List<Tag>) value;
  }

  private static List<Tag> envTags(String key, String value) {
    if (key.isBlank() || value == null) {
      return List.of();
    }
    String lowerKey = key.toLowerCase(Locale.ROOT);
    JsonNode node;
    try {
      node = JSON.readTree(value);
    } catch (java.io.IOException notJson) {
      node = null;
    }
    if (node != null && node.isObject()) {
      return FlatTags.of(lowerKey, node, USER_SOURCE, null);
    }
    return List.of(new Tag(lowerKey, value.isBlank() ? "true" : value.trim(), USER_SOURCE));
  }

  private static List<MetadataSettings.Owner> owners(JsonNode merged) {
    JsonNode owners = ConfigLoader.at(merged, ConfigKeys.JOB_OWNERS.segments());
    List<MetadataSettings.Owner> result = new ArrayList<>();
    if (owners != null && owners.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> fields = owners.properties().iterator();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> owner = fields.next();
        if (owner.getValue().isValueNode() && !owner.getValue().asText().isBlank()) {
          result.add(new MetadataSettings.Owner(owner.getKey(), owner.getValue().asText().trim()));
        }
      }
    }
    return result;
  }
}
