package io.headwater.spark.emit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import org.junit.Test;

/**
 * {@link EventBudget} and {@link EventReduction} on a RunEvent of the shape the agent emits for a
 * wide write: every cut in the documented order, only as far as needed, and never a name.
 */
public class EventBudgetTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  public void anEventWithinTheBudgetIsSentAsItIs() {
    String event = wideWrite("START", UUID.randomUUID().toString(), 10).toString();
    assertTrue(new EventBudget(OptionalLong.empty()).reduced(event).isEmpty());
    assertTrue(new EventBudget(OptionalLong.of(1 << 20)).reduced(event).isEmpty());
  }

  @Test
  public void cutsAreMadeInOrderOnlyAsFarAsTheBudgetNeeds() throws Exception {
    ObjectNode event = wideWrite("START", UUID.randomUUID().toString(), 900);
    long size = EventReduction.size(event.toString());
    // cutting the transformation descriptions alone is enough
    long budget = size - size / 4;
    JsonNode reduced =
        JSON.readTree(
            new EventBudget(OptionalLong.of(budget)).reduced(event.toString()).orElseThrow());
    assertTrue(EventReduction.size(reduced.toString()) <= budget);
    JsonNode facet = reduced.path("run").path("facets").path(EventReduction.FACET);
    assertEquals(List.of("transformationDescriptions"), labels(facet));
    assertEquals(size, facet.path("originalSizeBytes").asLong());
    assertEquals(budget, facet.path("budgetBytes").asLong());
    assertTrue(reduced.path("run").path("facets").has("spark_properties"));

    JsonNode small =
        JSON.readTree(
            new EventBudget(OptionalLong.of(30_000)).reduced(event.toString()).orElseThrow());
    assertTrue(EventReduction.size(small.toString()) <= 30_000);
    assertEquals(
        List.of(
            "transformationDescriptions",
            "debugAndLogicalPlan",
            "sparkProperties",
            "columnLineageFields",
            "schemaFields"),
        labels(small.path("run").path("facets").path(EventReduction.FACET)));
    JsonNode lineage = small.path("outputs").path(0).path("facets").path("columnLineage");
    assertEquals(0, lineage.path("fields").size());
    assertEquals(120, lineage.path("dataset").size()); // every input field once
    assertEquals(
        EventReduction.SCHEMA_FIELD_LIMIT,
        small.path("outputs").path(0).path("facets").path("schema").path("fields").size());
    assertNamesKept(event, small);
  }

  @Test
  public void nothingButTheEssentialsRemainsUnderATinyBudget() throws Exception {
    ObjectNode event = wideWrite("START", UUID.randomUUID().toString(), 900);
    JsonNode minimal =
        JSON.readTree(
            new EventBudget(OptionalLong.of(100)).reduced(event.toString()).orElseThrow());
    assertEquals(
        EventReduction.Cut.values().length,
        labels(minimal.path("run").path("facets").path(EventReduction.FACET)).size());
    assertTrue(minimal.path("run").path("facets").has("parent"));
    assertEquals(2, minimal.path("run").path("facets").size());
    assertNamesKept(event, minimal);
  }

  @Test
  public void theTerminalEventOfAReducedRunIsCutTheSameWay() throws Exception {
    String runId = UUID.randomUUID().toString();
    EventBudget budget = new EventBudget(OptionalLong.of(30_000));
    JsonNode start =
        JSON.readTree(budget.reduced(wideWrite("START", runId, 900).toString()).orElseThrow());
    // the terminal event would fit without any cut; it is cut as its START was
    String complete = wideWrite("COMPLETE", runId, 5).toString();
    JsonNode end = JSON.readTree(budget.reduced(complete).orElseThrow());
    assertEquals(
        labels(start.path("run").path("facets").path(EventReduction.FACET)).subList(0, 3),
        labels(end.path("run").path("facets").path(EventReduction.FACET)).subList(0, 3));
    // the run is forgotten at its terminal event
    assertTrue(budget.reduced(complete).isEmpty());
  }

  @Test
  public void aRefusalLowersTheBudgetBelowTheRefusedSize() {
    EventBudget budget = new EventBudget(OptionalLong.empty());
    assertEquals(Long.MAX_VALUE, budget.limit());
    budget.refused(1_000_000);
    assertEquals(900_000, budget.limit());
    budget.refused(2_000_000); // a larger refusal never raises it
    assertEquals(900_000, budget.limit());
  }

  private static void assertNamesKept(JsonNode original, JsonNode reduced) {
    for (String field : List.of("eventType", "eventTime")) {
      assertEquals(original.path(field), reduced.path(field));
    }
    assertEquals(original.path("run").path("runId"), reduced.path("run").path("runId"));
    assertEquals(
        original.path("run").path("facets").path("parent"),
        reduced.path("run").path("facets").path("parent"));
    assertEquals(original.path("job").path("name"), reduced.path("job").path("name"));
    for (String side : List.of("inputs", "outputs")) {
      assertEquals(original.path(side).size(), reduced.path(side).size());
      for (int i = 0; i < original.path(side).size(); i++) {
        assertEquals(
            original.path(side).path(i).path("name"), reduced.path(side).path(i).path("name"));
        assertEquals(
            original.path(side).path(i).path("namespace"),
            reduced.path(side).path(i).path("namespace"));
      }
    }
  }

  private static List<String> labels(JsonNode facet) {
    return JSON.convertValue(
        facet.path("cuts"),
        JSON.getTypeFactory().constructCollectionType(List.class, String.class));
  }

  /** A write of {@code columns} output columns, each the sum of 12 of 120 input columns. */
  private static ObjectNode wideWrite(String eventType, String runId, int columns) {
    ObjectNode event = JSON.createObjectNode();
    event.put("eventType", eventType);
    event.put("eventTime", "2026-11-27T00:00:00Z");
    event.put("producer", "https://example/producer");
    event.put("schemaURL", "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent");
    ObjectNode run = event.putObject("run");
    run.put("runId", runId);
    ObjectNode runFacets = run.putObject("facets");
    runFacets.putObject("parent").putObject("run").put("runId", UUID.randomUUID().toString());
    runFacets.putObject("spark_properties").putObject("properties").put("spark.master", "local");
    runFacets.putObject("spark.logicalPlan").put("plan", "x".repeat(500));
    ObjectNode job = event.putObject("job");
    job.put("namespace", "default");
    job.put("name", "wide.write");
    job.putObject("facets").putObject("jobType").put("jobType", "JOB");
    ObjectNode input = event.putArray("inputs").addObject();
    input.put("namespace", "file");
    input.put("name", "/data/wide_in");
    ObjectNode output = event.putArray("outputs").addObject();
    output.put("namespace", "file");
    output.put("name", "/data/wide_out");
    ObjectNode facets = output.putObject("facets");
    ArrayNode schema = facets.putObject("schema").putArray("fields");
    ObjectNode fields = facets.putObject("columnLineage").putObject("fields");
    for (int out = 0; out < columns; out++) {
      schema.addObject().put("name", "output_column_" + out).put("type", "long");
      ArrayNode inputs = fields.putObject("output_column_" + out).putArray("inputFields");
      for (int k = 0; k < 12; k++) {
        ObjectNode from = inputs.addObject();
        from.put("namespace", "file").put("name", "/data/wide_in");
        from.put("field", "input_column_" + ((out * 7 + k * 10) % 120));
        from.putArray("transformations")
            .addObject()
            .put("type", "DIRECT")
            .put("subtype", "TRANSFORMATION")
            .put("description", "input_column_1 + input_column_2 + input_column_3")
            .put("masking", false);
      }
    }
    return event;
  }
}
