package io.headwater.spark.emit;

import io.headwater.spark.annotation.Internal;
import io.openlineage.client.transports.FileConfig;
import io.openlineage.client.transports.HttpConfig;
import io.openlineage.client.transports.KafkaConfig;
import io.openlineage.client.transports.TransformConfig;
import io.openlineage.client.transports.TransportConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Where one transport delivers, as the spool knows it: the same endpoint gets the same spool
 * directory in every application (whatever its credentials or headers), so an event spooled by one
 * application is re-sent by the next one that delivers there.
 *
 * @param type the transport type ({@code http}, {@code file}, {@code kafka}, ...)
 * @param identity what makes two destinations the same: an HTTP transport's URL and endpoint path,
 *     a file transport's absolute location, a Kafka topic and its bootstrap servers, a transform's
 *     transformer and target; the type alone for the others
 * @param description what {@code destination.json} records for {@code headwater replay}: {@code
 *     type} and {@code url} + {@code endpoint} (http) or {@code location} (file); never credentials
 */
@Internal
public record Destination(String type, String identity, Map<String, String> description) {
  /** The endpoint path of an HTTP transport that sets none (the OpenLineage API's). */
  static final String DEFAULT_HTTP_ENDPOINT = "/api/v1/lineage";

  public Destination {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(identity, "identity");
    description = Map.copyOf(description);
  }

  /** The destination of a transport configured by {@code config}. */
  public static Destination of(TransportConfig config) {
    String type = type(config);
    Map<String, String> description = new LinkedHashMap<>();
    description.put("type", type);
    String identity;
    if (config instanceof HttpConfig http) {
      String url = http.getUrl() == null ? "" : http.getUrl().toString();
      url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
      String endpoint = http.getEndpoint() == null ? DEFAULT_HTTP_ENDPOINT : http.getEndpoint();
      endpoint = endpoint.startsWith("/") ? endpoint : "/" + endpoint;
      description.put("url", url);
      description.put("endpoint", endpoint);
      identity = url + endpoint;
    } else if (config instanceof FileConfig file) {
      String location = fileLocation(file).toString();
      description.put("location", location);
      identity = location;
    } else if (config instanceof KafkaConfig kafka) {
      String servers =
          kafka.getProperties() == null
              ? ""
              : String.valueOf(kafka.getProperties().getProperty("bootstrap.servers", ""));
      description.put("topicName", String.valueOf(kafka.getTopicName()));
      description.put("bootstrapServers", servers);
      identity = kafka.getTopicName() + "@" + servers;
    } else if (config instanceof TransformConfig transform) {
      Destination target = of(transform.getTransport());
      description.put("transformerClass", String.valueOf(transform.getTransformerClass()));
      description.put("target", target.identity());
      identity = transform.getTransformerClass() + ">" + target.type() + ":" + target.identity();
    } else {
      identity = type;
    }
    return new Destination(type, type + ":" + identity, description);
  }

  /** The absolute path a file transport writes to. */
  static Path fileLocation(FileConfig file) {
    return Path.of(file.getLocation()).toAbsolutePath().normalize();
  }

  /** The spool subdirectory's name: the type and a digest of the identity. */
  public String id() {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
      return type + "-" + HexFormat.of().formatHex(digest, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /** How log lines name it: the URL and endpoint, the file, the topic; else the type. */
  public String display() {
    return switch (type) {
      case "http" -> description.get("url") + description.get("endpoint");
      case "file" -> description.get("location");
      default -> identity;
    };
  }

  private static String type(TransportConfig config) {
    String name = config.getClass().getSimpleName();
    return (name.endsWith("Config") ? name.substring(0, name.length() - "Config".length()) : name)
        .toLowerCase(Locale.ROOT);
  }
}
