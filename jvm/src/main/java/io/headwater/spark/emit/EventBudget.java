package io.headwater.spark.emit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.openlineage.client.OpenLineage;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The largest event one destination is sent, and the events cut to fit it ({@link EventReduction}).
 * The budget is the configured one ({@code spark.openlineage.emit.maxEventBytes}, or the Kafka
 * producer's {@code max.request.size} less 1 KiB), lowered for the rest of the application to 90%
 * of the size of any event the destination refused as too large (HTTP 413).
 *
 * <p>The START and terminal events of a run are cut the same way: the steps a run's earlier event
 * needed are made on its later ones too. That memory holds at most {@value #MAX_RUNS} runs (the
 * least recently emitted forgotten first) and forgets a run at its terminal event. Only RunEvents
 * are cut; JobEvents and DatasetEvents are sent as they are. Thread-safe.
 */
final class EventBudget {
  /** Runs whose reduction steps are remembered. */
  static final int MAX_RUNS = 10_000;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final long configured;
  private volatile long learned = Long.MAX_VALUE;
  private final Map<String, Integer> runSteps =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
          return size() > MAX_RUNS;
        }
      };

  /**
   * @param configured the budget in bytes of an event's JSON; empty: none until a refusal
   */
  EventBudget(OptionalLong configured) {
    this.configured = configured.orElse(Long.MAX_VALUE);
  }

  /** The budget now, in bytes; {@link Long#MAX_VALUE} when there is none. */
  long limit() {
    return Math.min(configured, learned);
  }

  /**
   * Lowers the budget below {@code refusedSize}, the size of an event the destination refused as
   * too large: to 90% of it.
   */
  void refused(long refusedSize) {
    synchronized (this) {
      learned = Math.min(learned, refusedSize - Math.max(1, refusedSize / 10));
    }
  }

  /**
   * The event cut to fit the budget.
   *
   * @param json the event's JSON
   * @return empty when it is sent as it is (it fits, and its run needed no cut), else the reduced
   *     JSON
   */
  Optional<String> reduced(String json) {
    long limit = limit();
    long size = EventReduction.size(json);
    if (size <= limit && runSteps.isEmpty()) {
      return Optional.empty();
    }
    ObjectNode tree;
    try {
      JsonNode parsed = MAPPER.readTree(json);
      if (!(parsed instanceof ObjectNode object) || !object.has("run")) {
        return Optional.empty();
      }
      tree = object;
    } catch (java.io.IOException e) {
      return Optional.empty();
    }
    String runId = tree.path("run").path("runId").asText();
    boolean terminal = isTerminal(tree.path("eventType").asText());
    int minSteps;
    synchronized (runSteps) {
      Integer steps = terminal ? runSteps.remove(runId) : runSteps.get(runId);
      minSteps = steps == null ? 0 : steps;
    }
    if (size <= limit && minSteps == 0) {
      return Optional.empty();
    }
    EventReduction.Reduced reduced = EventReduction.reduce(tree, size, limit, minSteps);
    if (!terminal) {
      synchronized (runSteps) {
        runSteps.merge(runId, reduced.steps(), Math::max);
      }
    }
    return Optional.of(reduced.json());
  }

  /** The event cut to fit the budget; empty when it is sent as it is. */
  Optional<OpenLineage.BaseEvent> reduced(OpenLineage.BaseEvent event) {
    return reduced(EventJson.toJson(event)).map(EventJson::parse);
  }

  private static boolean isTerminal(String eventType) {
    return "COMPLETE".equals(eventType) || "FAIL".equals(eventType) || "ABORT".equals(eventType);
  }
}
