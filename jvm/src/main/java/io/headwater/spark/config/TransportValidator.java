package io.headwater.spark.config;

import com.fasterxml.jackson.databind.JsonNode;
import io.openlineage.client.OpenLineageClientUtils;
import io.openlineage.client.transports.TransportConfig;
import io.openlineage.client.transports.TransportResolver;
import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Checks a {@code transport} subtree before the OpenLineage client's configuration types read it,
 * so that a wrong setting is reported by name when the listener starts rather than as a failed
 * delivery later: the type must be known (and for {@code kafka}, {@code kafka-clients} must be on
 * the classpath), an HTTP {@code url} must be an absolute http(s) URL with a host, a file {@code
 * location} must be writable (missing parent directories are created), and a composite's transports
 * are checked one by one.
 */
final class TransportValidator {
  private static final String KNOWN_TYPES =
      "console, file, http, kafka, composite, transform, noop";

  private final Function<String[], String> describe;

  /**
   * @param describe names a path of the merged tree as the user wrote it (see {@link ConfigLoader})
   */
  TransportValidator(Function<String[], String> describe) {
    this.describe = describe;
  }

  TransportConfig validate(JsonNode node, String[] path) {
    if (!node.isObject()) {
      throw new InvalidConfigException(
          describe.apply(path), "must be a group of settings, not '" + node.asText() + "'");
    }
    JsonNode typeNode = node.get("type");
    String[] typePath = child(path, "type");
    if (typeNode == null || typeNode.asText().isBlank()) {
      throw new InvalidConfigException(
          describe.apply(typePath), "is not set; use one of " + KNOWN_TYPES);
    }
    String type = typeNode.asText().trim().toLowerCase(Locale.ROOT);
    try {
      TransportResolver.resolveTransportConfigByType(type);
    } catch (RuntimeException | LinkageError e) {
      throw new InvalidConfigException(
          describe.apply(typePath),
          "unknown transport type '" + typeNode.asText() + "'; use one of " + KNOWN_TYPES);
    }
    switch (type) {
      case "http" -> checkHttpUrl(node, path);
      case "file" -> checkFileLocation(node, path);
      case "kafka" -> checkKafkaClients(typePath);
      case "composite" -> checkCompositeChildren(node, path);
      default -> {
        // console, noop, transform and custom types have nothing to check before the client reads
        // them
      }
    }
    try {
      return OpenLineageClientUtils.convertValue(node, TransportConfig.class);
    } catch (RuntimeException e) {
      throw new InvalidConfigException(
          describe.apply(path), "cannot be read: " + ConfigLoader.rootMessage(e), e);
    }
  }

  private void checkHttpUrl(JsonNode node, String[] path) {
    String[] urlPath = child(path, "url");
    JsonNode url = node.get("url");
    if (url == null || url.asText().isBlank()) {
      throw new InvalidConfigException(
          describe.apply(urlPath),
          "is not set; the http transport needs the URL of the lineage backend");
    }
    String text = url.asText().trim();
    URI uri;
    try {
      uri = new URI(text);
    } catch (URISyntaxException e) {
      throw new InvalidConfigException(
          describe.apply(urlPath), "'" + text + "' is not a valid URL: " + e.getReason());
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
      throw new InvalidConfigException(
          describe.apply(urlPath),
          "'" + text + "' is not an absolute http:// or https:// URL with a host");
    }
  }

  private void checkFileLocation(JsonNode node, String[] path) {
    String[] locationPath = child(path, "location");
    JsonNode location = node.get("location");
    if (location == null || location.asText().isBlank()) {
      throw new InvalidConfigException(
          describe.apply(locationPath), "is not set; the file transport needs a file path");
    }
    File file = new File(location.asText().trim()).getAbsoluteFile();
    if (file.isDirectory()) {
      throw new InvalidConfigException(
          describe.apply(locationPath), "'" + file + "' is a directory, not a file");
    }
    File parent = file.getParentFile();
    if (parent != null && !parent.isDirectory() && !parent.mkdirs()) {
      throw new InvalidConfigException(
          describe.apply(locationPath),
          "directory '" + parent + "' does not exist and cannot be created");
    }
    boolean writable = file.exists() ? file.canWrite() : parent != null && parent.canWrite();
    if (!writable) {
      throw new InvalidConfigException(
          describe.apply(locationPath), "'" + file + "' is not writable");
    }
  }

  private void checkKafkaClients(String[] typePath) {
    try {
      Class.forName(
          "org.apache.kafka.clients.producer.KafkaProducer", false, getClass().getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new InvalidConfigException(
          describe.apply(typePath),
          "kafka needs kafka-clients on the driver's classpath (for example through"
              + " spark.jars.packages)");
    }
  }

  private void checkCompositeChildren(JsonNode node, String[] path) {
    JsonNode transports = node.get("transports");
    String[] transportsPath = child(path, "transports");
    if (transports == null || transports.isEmpty()) {
      throw new InvalidConfigException(
          describe.apply(transportsPath),
          "is empty; a composite transport needs at least one transport");
    }
    if (transports.isArray()) {
      for (int i = 0; i < transports.size(); i++) {
        validate(transports.get(i), child(transportsPath, String.valueOf(i)));
      }
    } else {
      Iterator<Map.Entry<String, JsonNode>> fields = transports.properties().iterator();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        validate(field.getValue(), child(transportsPath, field.getKey()));
      }
    }
  }

  private static String[] child(String[] path, String name) {
    String[] result = java.util.Arrays.copyOf(path, path.length + 1);
    result[path.length] = name;
    return result;
  }
}
