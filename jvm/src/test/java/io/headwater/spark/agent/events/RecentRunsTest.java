package io.headwater.spark.agent.events;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.UUID;
import org.junit.Test;

/** The runs kept for Python's {@code headwater.lineage(spark)}: their fields, order and bound. */
public class RecentRunsTest {
  private static final OpenLineage OL = new OpenLineage(URI.create("https://example.com/test"));
  private static final ObjectMapper JSON = new ObjectMapper();

  private static OpenLineage.RunEvent terminal(String job, Long rowsWritten, String error) {
    OpenLineage.OutputDatasetOutputFacetsBuilder outputFacets =
        OL.newOutputDatasetOutputFacetsBuilder();
    if (rowsWritten != null) {
      outputFacets.outputStatistics(
          OL.newOutputStatisticsOutputDatasetFacetBuilder().rowCount(rowsWritten).build());
    }
    OpenLineage.RunFacetsBuilder runFacets = OL.newRunFacetsBuilder();
    if (error != null) {
      runFacets.errorMessage(OL.newErrorMessageRunFacet(error, "JAVA", null));
    }
    return OL.newRunEventBuilder()
        .eventType(
            error == null
                ? OpenLineage.RunEvent.EventType.COMPLETE
                : OpenLineage.RunEvent.EventType.FAIL)
        .eventTime(ZonedDateTime.of(2026, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC))
        .run(OL.newRun(UUID.randomUUID(), runFacets.build()))
        .job(OL.newJob("ns", job, null))
        .inputs(List.of(OL.newInputDatasetBuilder().namespace("file").name("/in").build()))
        .outputs(
            List.of(
                OL.newOutputDatasetBuilder()
                    .namespace("file")
                    .name("/out")
                    .outputFacets(outputFacets.build())
                    .build()))
        .build();
  }

  @Test
  public void aRunAsPythonReadsIt() throws Exception {
    RecentRuns runs = new RecentRuns();
    OpenLineage.RunEvent event = terminal("app.write", 42L, null);
    runs.ended(event, 1_000L);

    JsonNode run = JSON.readTree(runs.after(0)).get(0);

    assertEquals(1, run.get("sequence").asLong());
    assertEquals(event.getRun().getRunId().toString(), run.get("runId").asText());
    assertEquals("COMPLETE", run.get("state").asText());
    assertEquals("ns", run.get("jobNamespace").asText());
    assertEquals("app.write", run.get("jobName").asText());
    assertEquals(1_000L, run.get("startTime").asLong());
    assertEquals(event.getEventTime().toInstant().toEpochMilli(), run.get("endTime").asLong());
    assertEquals("/in", run.get("inputs").get(0).get("name").asText());
    assertFalse(run.get("inputs").get(0).has("rowCount"));
    assertEquals(42L, run.get("outputs").get(0).get("rowCount").asLong());
    assertFalse(run.has("error"));
  }

  @Test
  public void aFailedRunCarriesItsError() throws Exception {
    RecentRuns runs = new RecentRuns();
    runs.ended(terminal("app.write", null, "disk full"), 0L);

    JsonNode run = JSON.readTree(runs.after(0)).get(0);

    assertEquals("FAIL", run.get("state").asText());
    assertEquals("disk full", run.get("error").asText());
    assertFalse(run.get("outputs").get(0).has("rowCount"));
  }

  @Test
  public void onlyRunsAfterTheGivenSequenceAndAtMostTheCapacity() throws Exception {
    RecentRuns runs = new RecentRuns();
    for (int i = 1; i <= RecentRuns.CAPACITY + 5; i++) {
      runs.ended(terminal("job" + i, null, null), 0L);
    }

    JsonNode all = JSON.readTree(runs.after(0));
    JsonNode newest = JSON.readTree(runs.after(RecentRuns.CAPACITY + 3));

    assertEquals(RecentRuns.CAPACITY, all.size());
    assertEquals(6, all.get(0).get("sequence").asLong()); // the five oldest were forgotten
    assertEquals(2, newest.size());
    assertEquals("job" + (RecentRuns.CAPACITY + 4), newest.get(0).get("jobName").asText());
  }
}
