package io.headwater.spark.config;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import io.openlineage.client.OpenLineageClientUtils;
import io.openlineage.client.transports.ApiKeyTokenProvider;
import io.openlineage.client.transports.JwtTokenProvider;
import io.openlineage.client.transports.OAuth2ClientCredentialsTokenProvider;
import io.openlineage.client.transports.TransportResolver;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * The keys of a {@code transport} subtree, known from the OpenLineage Java client's own
 * configuration types: the properties Jackson would set on the type's config class ({@code
 * HttpConfig}: url, endpoint, timeoutInMillis, auth, urlParams, headers, compression, sslContext,
 * proxy; {@code FileConfig}: location; ...), any key inside a map-valued property ({@code
 * headers.*}, {@code urlParams.*}, {@code properties.*}, {@code transformerProperties.*}), the
 * children of {@code composite} and {@code transform} checked as transports, and {@code auth} by
 * its type ({@code api_key}, {@code jwt}, {@code oauth2}). A custom transport or token-provider
 * type is not checked.
 */
final class TransportKeys {
  private static final ObjectMapper MAPPER = OpenLineageClientUtils.newObjectMapper();
  private static final Map<String, Class<?>> TOKEN_PROVIDERS =
      Map.of(
          "api_key", ApiKeyTokenProvider.class,
          "jwt", JwtTokenProvider.class,
          "oauth2", OAuth2ClientCredentialsTokenProvider.class);

  private TransportKeys() {}

  /**
   * Reports every leaf of {@code transport} (at {@code path}) the client's configuration types do
   * not know to {@code unknown}, with the known keys of its level as candidates for the closest.
   */
  static void check(
      JsonNode transport, List<String> path, BiConsumer<List<String>, List<String>> unknown) {
    if (!transport.isObject()) {
      return;
    }
    Class<?> type = configClass(transport.path("type").asText(""));
    if (type == null) {
      return; // an unknown or custom type: TransportValidator reports the former
    }
    checkBean(transport, path, type, unknown);
  }

  private static void checkBean(
      JsonNode node,
      List<String> path,
      Class<?> type,
      BiConsumer<List<String>, List<String>> unknown) {
    Map<String, JavaType> properties = writableProperties(type);
    List<String> candidates = new ArrayList<>();
    candidates.add(join(path, "type"));
    properties.keySet().forEach(name -> candidates.add(join(path, name)));
    Iterator<Map.Entry<String, JsonNode>> fields = node.properties().iterator();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      String name = field.getKey();
      List<String> child = append(path, name);
      JsonNode value = field.getValue();
      if ("type".equals(name)) {
        continue;
      }
      JavaType propertyType = properties.get(name);
      if (propertyType == null) {
        unknown.accept(child, candidates);
      } else if ("transports".equals(name) && value.isContainerNode()) {
        if (value.isArray()) {
          for (int i = 0; i < value.size(); i++) {
            check(value.get(i), append(child, String.valueOf(i)), unknown);
          }
        } else {
          value.properties().forEach(t -> check(t.getValue(), append(child, t.getKey()), unknown));
        }
      } else if ("transport".equals(name)) {
        check(value, child, unknown);
      } else if ("auth".equals(name)) {
        Class<?> provider =
            TOKEN_PROVIDERS.get(value.path("type").asText("").toLowerCase(Locale.ROOT));
        if (provider != null && value.isObject()) {
          checkBean(value, child, provider, unknown);
        }
      } else if (isOpenMap(propertyType)) {
        // any key: header names, URL parameters, Kafka producer properties
      } else if (value.isObject() && isBean(propertyType)) {
        checkBean(value, child, propertyType.getRawClass(), unknown);
      }
    }
  }

  /** The client's configuration class of a transport {@code type}, or null when unknown. */
  private static Class<?> configClass(String type) {
    if (type.isBlank()) {
      return null;
    }
    try {
      return TransportResolver.resolveTransportConfigByType(type.trim().toLowerCase(Locale.ROOT));
    } catch (RuntimeException | LinkageError e) {
      return null;
    }
  }

  /** The properties Jackson sets on {@code type} when it reads a configuration, by name. */
  private static Map<String, JavaType> writableProperties(Class<?> type) {
    BeanDescription description =
        MAPPER.getDeserializationConfig().introspect(MAPPER.constructType(type));
    Map<String, JavaType> properties = new TreeMap<>();
    for (BeanPropertyDefinition property : description.findProperties()) {
      if (property.hasSetter() || property.hasField() || property.hasConstructorParameter()) {
        properties.put(property.getName(), property.getPrimaryType());
      }
    }
    return properties;
  }

  private static boolean isOpenMap(JavaType type) {
    return type.isMapLikeType() || Properties.class.isAssignableFrom(type.getRawClass());
  }

  private static boolean isBean(JavaType type) {
    Class<?> raw = type.getRawClass();
    return !raw.isPrimitive()
        && !raw.isInterface()
        && raw.getName().startsWith("io.openlineage.client.");
  }

  private static List<String> append(List<String> path, String name) {
    List<String> child = new ArrayList<>(path);
    child.add(name);
    return child;
  }

  private static String join(List<String> path, String name) {
    return String.join(".", append(path, name));
  }
}
