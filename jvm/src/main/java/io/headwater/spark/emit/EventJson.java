package io.headwater.spark.emit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Events as JSON and back, with the OpenLineage Java client's model and serialisation: how the
 * spool stores them and how {@link EventRedaction} reads them. Which event a JSON object is follows
 * the spec: a RunEvent has {@code run}, a DatasetEvent {@code dataset}, a JobEvent neither.
 */
final class EventJson {
  private static final ObjectMapper MAPPER = OpenLineageClientUtils.newObjectMapper();

  /**
   * The event serialised last and its JSON. The emission thread serialises each event for {@link
   * EventRedaction}'s check, then for its transport (the file transport, the spool): the second
   * time it is looked up here. By identity: the same object gives the same JSON (the client's
   * disabled facets are set on its mapper before the first event is sent, and nothing changes an
   * event once it is queued).
   */
  private static final AtomicReference<Serialised> LAST = new AtomicReference<>();

  private record Serialised(OpenLineage.BaseEvent event, String json) {}

  private EventJson() {}

  /**
   * The event as the client sends it ({@code OpenLineageClientUtils.toJson}, disabled facets left
   * out); serialised once when asked for the same event again.
   */
  static String toJson(OpenLineage.BaseEvent event) {
    Serialised last = LAST.get();
    if (last != null && last.event() == event) {
      return last.json();
    }
    String json = OpenLineageClientUtils.toJson(event);
    LAST.set(new Serialised(event, json));
    return json;
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
