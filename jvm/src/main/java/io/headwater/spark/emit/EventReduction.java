package io.headwater.spark.emit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Reduces a RunEvent's JSON until it fits a size budget, cutting in one order
 * (docs/configuration.md, "Event size"), each step only when the steps before it were not enough:
 *
 * <ol>
 *   <li>{@link Cut#TRANSFORMATION_DESCRIPTIONS}: the {@code description} of every transformation in
 *       {@code columnLineage} facets (and the deprecated {@code transformationDescription});
 *   <li>{@link Cut#DEBUG_AND_LOGICAL_PLAN}: the {@code debug} and {@code spark.logicalPlan} run
 *       facets;
 *   <li>{@link Cut#SPARK_PROPERTIES}: the {@code spark_properties} run facet;
 *   <li>{@link Cut#COLUMN_LINEAGE_FIELDS}: per-field column lineage folded into the dataset-level
 *       form (every input field once, in {@code columnLineage.dataset}; {@code fields} empty);
 *   <li>{@link Cut#SCHEMA_FIELDS}: the fields of a {@code schema} facet beyond the first {@value
 *       #SCHEMA_FIELD_LIMIT};
 *   <li>{@link Cut#COLUMN_LINEAGE}: the {@code columnLineage} facets;
 *   <li>{@link Cut#OTHER_FACETS}: every other facet of the run, job and datasets, except {@code
 *       parent}.
 * </ol>
 *
 * <p>Never cut: the event type and time, the run id, the job, the {@code parent} facet, and the
 * namespace and name of every input and output dataset. A reduced event carries the {@value #FACET}
 * run facet ({@code EventReducedRunFacet.json}): the cuts made, the original size and the budget.
 * An event that does not fit even with every cut is returned with every cut made.
 */
final class EventReduction {
  /** The run facet a reduced event carries. */
  static final String FACET = "headwater_eventReduced";

  /**
   * The facet's {@code _schemaURL}: the spec's RunFacet base, as for every custom run facet
   * (facets.FacetSchemas, a layer emit does not use).
   */
  private static final String RUN_FACET_SCHEMA =
      "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunFacet";

  /** Schema fields kept by {@link Cut#SCHEMA_FIELDS}. */
  static final int SCHEMA_FIELD_LIMIT = 100;

  /** One step of the reduction, in the order they are made. */
  enum Cut {
    TRANSFORMATION_DESCRIPTIONS("transformationDescriptions"),
    DEBUG_AND_LOGICAL_PLAN("debugAndLogicalPlan"),
    SPARK_PROPERTIES("sparkProperties"),
    COLUMN_LINEAGE_FIELDS("columnLineageFields"),
    SCHEMA_FIELDS("schemaFields"),
    COLUMN_LINEAGE("columnLineage"),
    OTHER_FACETS("otherFacets");

    /** How the facet names the cut. */
    final String label;

    Cut(String label) {
      this.label = label;
    }
  }

  /**
   * A reduced event.
   *
   * @param json the event as it may be sent
   * @param steps how many steps of {@link Cut} were made (0: unchanged)
   */
  record Reduced(String json, int steps) {}

  private EventReduction() {}

  /** The size of {@code json} as sent: bytes of its UTF-8 form. */
  static long size(String json) {
    return json.getBytes(StandardCharsets.UTF_8).length;
  }

  /**
   * {@code event} (a RunEvent's JSON tree, changed in place) cut until its JSON is at most {@code
   * budget} bytes, and at least the first {@code minSteps} steps (so the START and terminal events
   * of one run are reduced the same way).
   *
   * @param originalSize the size of the event's JSON before any cut
   */
  static Reduced reduce(ObjectNode event, long originalSize, long budget, int minSteps) {
    Cut[] cuts = Cut.values();
    List<String> made = new ArrayList<>();
    JsonNode earlier = event.path("run").path("facets").path(FACET);
    if (earlier.isObject()) { // cut before (a spooled event, or one refused as too large)
      earlier.path("cuts").forEach(label -> made.add(label.asText()));
      originalSize = earlier.path("originalSizeBytes").asLong(originalSize);
    }
    String json = null;
    int steps = 0;
    while (steps < cuts.length) {
      Cut cut = cuts[steps];
      steps++;
      if (apply(cut, event) && !made.contains(cut.label)) {
        made.add(cut.label);
      }
      if (steps < minSteps) {
        continue;
      }
      json = withFacet(event, made, originalSize, budget);
      if (size(json) <= budget) {
        break;
      }
    }
    return new Reduced(json, steps);
  }

  private static String withFacet(
      ObjectNode event, List<String> made, long originalSize, long budget) {
    ObjectNode facet = object(object(event, "run"), "facets").putObject(FACET);
    facet.put("_producer", event.path("producer").asText(""));
    facet.put("_schemaURL", RUN_FACET_SCHEMA);
    ArrayNode cuts = facet.putArray("cuts");
    made.forEach(cuts::add);
    facet.put("originalSizeBytes", originalSize);
    facet.put("budgetBytes", budget);
    return event.toString();
  }

  /** Makes {@code cut}; true when it removed something. */
  private static boolean apply(Cut cut, ObjectNode event) {
    boolean[] changed = {false};
    switch (cut) {
      case TRANSFORMATION_DESCRIPTIONS ->
          eachColumnLineage(event, facet -> changed[0] |= dropDescriptions(facet));
      case DEBUG_AND_LOGICAL_PLAN ->
          changed[0] = removeRunFacets(event, "debug", "spark.logicalPlan");
      case SPARK_PROPERTIES -> changed[0] = removeRunFacets(event, "spark_properties");
      case COLUMN_LINEAGE_FIELDS ->
          eachColumnLineage(event, facet -> changed[0] |= foldFields(facet));
      case SCHEMA_FIELDS ->
          eachDatasetFacets(
              event,
              facets -> {
                JsonNode fields = facets.path("schema").path("fields");
                if (fields instanceof ArrayNode array && array.size() > SCHEMA_FIELD_LIMIT) {
                  while (array.size() > SCHEMA_FIELD_LIMIT) {
                    array.remove(array.size() - 1);
                  }
                  changed[0] = true;
                }
              });
      case COLUMN_LINEAGE ->
          eachDatasetFacets(event, facets -> changed[0] |= facets.remove("columnLineage") != null);
      case OTHER_FACETS -> changed[0] = dropOtherFacets(event);
    }
    return changed[0];
  }

  private static boolean dropDescriptions(ObjectNode columnLineage) {
    boolean changed = false;
    for (JsonNode field : columnLineage.path("fields")) {
      if (field instanceof ObjectNode object) {
        changed |= object.remove("transformationDescription") != null;
        changed |= dropDescriptions(object.path("inputFields"));
      }
    }
    return dropDescriptions(columnLineage.path("dataset")) || changed;
  }

  private static boolean dropDescriptions(JsonNode inputFields) {
    boolean changed = false;
    for (JsonNode input : inputFields) {
      for (JsonNode transformation : input.path("transformations")) {
        if (transformation instanceof ObjectNode object) {
          changed |= object.remove("description") != null;
        }
      }
    }
    return changed;
  }

  /**
   * Folds {@code fields} into {@code dataset}: each input field once (by namespace, name, field),
   * with the distinct transformations it had.
   */
  private static boolean foldFields(ObjectNode columnLineage) {
    JsonNode fields = columnLineage.path("fields");
    if (!(fields instanceof ObjectNode object) || object.isEmpty()) {
      return false;
    }
    Map<String, ObjectNode> inputs = new LinkedHashMap<>();
    Map<String, Set<String>> seen = new LinkedHashMap<>();
    List<JsonNode> all = new ArrayList<>();
    columnLineage.path("dataset").forEach(all::add);
    object.forEach(field -> field.path("inputFields").forEach(all::add));
    for (JsonNode input : all) {
      String key =
          input.path("namespace").asText()
              + '\u0000'
              + input.path("name").asText()
              + '\u0000'
              + input.path("field").asText();
      ObjectNode folded =
          inputs.computeIfAbsent(
              key,
              k -> {
                ObjectNode copy = ((ObjectNode) input).deepCopy();
                copy.putArray("transformations");
                return copy;
              });
      Set<String> transformations = seen.computeIfAbsent(key, k -> new LinkedHashSet<>());
      for (JsonNode transformation : input.path("transformations")) {
        if (transformations.add(transformation.toString())) {
          ((ArrayNode) folded.get("transformations")).add(transformation);
        }
      }
    }
    columnLineage.putObject("fields");
    ArrayNode dataset = columnLineage.putArray("dataset");
    inputs.values().forEach(dataset::add);
    return true;
  }

  private static boolean removeRunFacets(ObjectNode event, String... names) {
    boolean changed = false;
    if (event.path("run").path("facets") instanceof ObjectNode facets) {
      for (String name : names) {
        changed |= facets.remove(name) != null;
      }
    }
    return changed;
  }

  private static boolean dropOtherFacets(ObjectNode event) {
    boolean changed = false;
    if (event.path("run").path("facets") instanceof ObjectNode facets) {
      int before = facets.size();
      changed |= facets.retain("parent", FACET).size() < before;
    }
    if (event.path("job").path("facets") instanceof ObjectNode facets && !facets.isEmpty()) {
      facets.removeAll();
      changed = true;
    }
    for (String side : new String[] {"inputs", "outputs"}) {
      for (JsonNode dataset : event.path(side)) {
        if (dataset instanceof ObjectNode object) {
          for (String facets : new String[] {"facets", "inputFacets", "outputFacets"}) {
            changed |= object.remove(facets) != null;
          }
        }
      }
    }
    return changed;
  }

  private static void eachColumnLineage(ObjectNode event, Consumer<ObjectNode> action) {
    eachDatasetFacets(
        event,
        facets -> {
          if (facets.path("columnLineage") instanceof ObjectNode columnLineage) {
            action.accept(columnLineage);
          }
        });
  }

  private static void eachDatasetFacets(ObjectNode event, Consumer<ObjectNode> action) {
    for (String side : new String[] {"inputs", "outputs"}) {
      for (JsonNode dataset : event.path(side)) {
        if (dataset.path("facets") instanceof ObjectNode facets) {
          action.accept(facets);
        }
      }
    }
  }

  /** The object at {@code name} in {@code parent}, put there when missing. */
  private static ObjectNode object(ObjectNode parent, String name) {
    return parent.get(name) instanceof ObjectNode child ? child : parent.putObject(name);
  }
}
