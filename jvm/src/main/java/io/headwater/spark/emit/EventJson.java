package io.headwater.spark.emit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import java.io.UncheckedIOException;

/**
 * Events as JSON and back, with the OpenLineage Java client's model and serialisation: how the
 * spool stores them and how {@link EventRedaction} reads them. Which event a JSON object is follows
 * the spec: a RunEvent has {@code run}, a DatasetEvent {@code dataset}, a JobEvent neither.
 */
final class EventJson {
  private static final ObjectMapper MAPPER = OpenLineageClientUtils.newObjectMapper();

  private EventJson() {}

  /** The event as the client sends it. */
  static String toJson(OpenLineage.BaseEvent event) {
    return OpenLineageClientUtils.toJson(event);
  }

  /** The event as a JSON tree. */
  static JsonNode toTree(OpenLineage.BaseEvent event) {
    return MAPPER.valueToTree(event);
  }

  /**
   * The event a JSON line holds.
   *
   * @throws IllegalArgumentException when it is not an OpenLineage event
   */
  static OpenLineage.BaseEvent parse(String json) {
    JsonNode tree;
    try {
      tree = MAPPER.readTree(json);
    } catch (java.io.IOException | UncheckedIOException e) {
      throw new IllegalArgumentException("not JSON: " + e.getMessage(), e);
    }
    return fromTree(tree);
  }

  /**
   * The event of a JSON tree.
   *
   * @throws IllegalArgumentException when it is not an OpenLineage event
   */
  static OpenLineage.BaseEvent fromTree(JsonNode tree) {
    if (tree == null || !tree.isObject() || !tree.has("eventTime")) {
      throw new IllegalArgumentException("not an OpenLineage event (no eventTime)");
    }
    Class<? extends OpenLineage.BaseEvent> type =
        tree.has("run")
            ? OpenLineage.RunEvent.class
            : tree.has("dataset") ? OpenLineage.DatasetEvent.class : OpenLineage.JobEvent.class;
    return MAPPER.convertValue(tree, type);
  }
}
