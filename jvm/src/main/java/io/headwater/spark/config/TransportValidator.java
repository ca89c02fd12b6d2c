package io.headwater.spark.config;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.openlineage.client.OpenLineageClientUtils;
import io.openlineage.client.transports.TransportConfig;
import io.openlineage.client.transports.TransportResolver;
import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Checks a {@code transport} subtree before the OpenLineage client's configuration types read it,
 * so that a wrong setting is reported by name when the listener starts rather than as a failed
 * delivery later: the type must be known (and for {@code kafka}, {@code kafka-clients} must be on
 * the classpath), an HTTP {@code url} must be an absolute http(s) URL with a host and without
 * credentials ({@code user:password@} belongs in {@code auth}), {@code timeoutInMillis} a whole
 * number of at least 1, a file {@code location} must be writable (missing parent directories are
 * created), and a composite's transports are checked one by one. A value the client's types cannot
 * read is reported with the key it was set under and the form expected. Values are quoted in
 * messages with their credentials redacted.
 */
final class TransportValidator {
  private static final String KNOWN_TYPES =
      "console, file, http, kafka, composite, transform, noop";

  private final Function<String[], String> describe;
  private final Redaction redaction;

  /**
   * @param describe names a path of the merged tree as the user wrote it (see {@link ConfigLoader})
   * @param redaction redacts values quoted in messages
   */
  TransportValidator(Function<String[], String> describe, Redaction redaction) {
    this.describe = describe;
    this.redaction = redaction;
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
      throw unreadable(node, path, e);
    }
  }

  /** The error of a value the client's types could not read, naming the key under it. */
  private InvalidConfigException unreadable(JsonNode node, String[] path, RuntimeException e) {
    JsonMappingException mapping = null;
    for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
      if (t instanceof JsonMappingException found) {
        mapping = found;
        break;
      }
    }
    if (mapping == null || mapping.getPath().isEmpty()) {
      return new InvalidConfigException(
          describe.apply(path),
          "cannot be read: " + redaction.text(ConfigLoader.rootMessage(e)),
          e);
    }
    String[] keyPath = path;
    JsonNode value = node;
    for (JsonMappingException.Reference reference : mapping.getPath()) {
      String segment =
          reference.getFieldName() != null
              ? reference.getFieldName()
              : String.valueOf(reference.getIndex());
      keyPath = child(keyPath, segment);
      value =
          value == null
              ? null
              : reference.getFieldName() != null
                  ? value.get(reference.getFieldName())
                  : value.get(reference.getIndex());
    }
    String shown = value == null || value.isContainerNode() ? "" : "'" + value.asText() + "' ";
    String expected =
        mapping instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null
            ? expectedForm(mismatch.getTargetType())
            : "a value of another form";
    return new InvalidConfigException(
        describe.apply(keyPath), redaction.text(shown) + "is not " + expected, e);
  }

  private static String expectedForm(Class<?> type) {
    if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
      return "a whole number";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (type == java.net.URI.class) {
      return "a URI";
    }
    if (type.isEnum()) {
      List<String> names = new ArrayList<>();
      for (Object constant : type.getEnumConstants()) {
        names.add(constant.toString().toLowerCase(Locale.ROOT));
      }
      return "one of " + String.join(", ", names);
    }
    if (Map.class.isAssignableFrom(type) || !type.getName().startsWith("java.")) {
      return "a group of settings (" + type.getSimpleName() + ")";
    }
    return "a " + type.getSimpleName();
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
    String shown = redaction.text(text);
    URI uri;
    try {
      uri = new URI(text);
    } catch (URISyntaxException e) {
      throw new InvalidConfigException(
          describe.apply(urlPath), "'" + shown + "' is not a valid URL: " + e.getReason());
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
      throw new InvalidConfigException(
          describe.apply(urlPath),
          "'" + shown + "' is not an absolute http:// or https:// URL with a host");
    }
    if (uri.getRawUserInfo() != null) {
      throw new InvalidConfigException(
          describe.apply(urlPath),
          "'"
              + redaction.name(text)
              + "' must not carry credentials (user:password@); set them with "
              + ConfigTree.SPARK_PREFIX
              + "transport.auth.type=api_key and "
              + ConfigTree.SPARK_PREFIX
              + "transport.auth.apiKey (or a token provider of the auth settings)");
    }
    checkTimeout(node, path);
  }

  private void checkTimeout(JsonNode node, String[] path) {
    JsonNode timeout = node.get("timeoutInMillis");
    if (timeout == null || timeout.isNull()) {
      return;
    }
    String text = timeout.asText().trim();
    long millis;
    try {
      millis = Long.parseLong(text);
    } catch (NumberFormatException e) {
      millis = 0;
    }
    if (millis < 1 || millis > Integer.MAX_VALUE || timeout.isContainerNode()) {
      throw new InvalidConfigException(
          describe.apply(child(path, "timeoutInMillis")),
          "must be a whole number of milliseconds, at least 1, not '" + text + "'");
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
