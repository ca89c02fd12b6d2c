package io.headwater.spark.agent.application;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;

import io.headwater.spark.config.ApplicationLineageSettings;
import io.headwater.spark.facets.ApplicationLineageRunFacet;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.RunEvent.EventType;
import java.net.URI;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.Test;

/**
 * What the application run's events get of {@link ApplicationLineage}: nothing when it is off or
 * for START, the datasets and the {@code headwater_applicationLineage} facet on COMPLETE and FAIL,
 * with the size limit's cut.
 */
public class ApplicationLineageTest {
  private static final OpenLineage OL = new OpenLineage(URI.create("https://test/headwater"));

  @Test
  public void offOrAtStartTheApplicationEventIsUnchanged() {
    ApplicationLineage off = new ApplicationLineage(ApplicationLineageSettings.OFF, OL);
    off.childEnded(child("/raw", "/out"));
    OpenLineage.RunEvent complete = application(EventType.COMPLETE);
    assertSame(complete, off.addTo(complete));

    ApplicationLineage on = new ApplicationLineage(settings(100), OL);
    on.childEnded(child("/raw", "/out"));
    OpenLineage.RunEvent start = application(EventType.START);
    assertSame(start, on.addTo(start));
  }

  @Test
  public void completeCarriesTheDatasetsAndTheFacet() {
    ApplicationLineage on = new ApplicationLineage(settings(100), OL);
    on.childEnded(child("/raw", "/out"));
    OpenLineage.RunEvent event = on.addTo(application(EventType.FAIL));

    assertEquals(EventType.FAIL, event.getEventType());
    assertEquals("/raw", event.getInputs().get(0).getName());
    assertEquals("/out", event.getOutputs().get(0).getName());
    ApplicationLineageRunFacet facet = facet(event);
    assertEquals(1, facet.getChildRuns());
    assertEquals(1, facet.getComposedChildRuns());
    assertNull(facet.getCut());
    // the application's own facets are kept
    assertEquals("spark", event.getRun().getFacets().getProcessing_engine().getName());
  }

  @Test
  public void theSizeLimitSaysItCutTheLineage() {
    ApplicationLineage on = new ApplicationLineage(settings(2), OL);
    on.childEnded(child("/raw", "/a"));
    on.childEnded(child("/a", "/b"));
    OpenLineage.RunEvent event = on.addTo(application(EventType.COMPLETE));

    ApplicationLineageRunFacet facet = facet(event);
    assertEquals("SIZE_LIMIT", facet.getCut());
    assertEquals(Long.valueOf(2), facet.getLimit());
    assertEquals(2, facet.getChildRuns());
    assertEquals(1, facet.getComposedChildRuns());
    assertEquals(List.of("/a"), event.getOutputs().stream().map(o -> o.getName()).toList());
  }

  private static ApplicationLineageSettings settings(int sizeLimit) {
    return new ApplicationLineageSettings(true, Optional.empty(), Duration.ofSeconds(5), sizeLimit);
  }

  private static ApplicationLineageRunFacet facet(OpenLineage.RunEvent event) {
    return (ApplicationLineageRunFacet)
        event.getRun().getFacets().getAdditionalProperties().get(ApplicationLineageRunFacet.NAME);
  }

  private static OpenLineage.RunEvent child(String input, String output) {
    return OL.newRunEventBuilder()
        .eventType(EventType.COMPLETE)
        .eventTime(ZonedDateTime.now())
        .run(OL.newRun(UUID.randomUUID(), OL.newRunFacetsBuilder().build()))
        .job(OL.newJobBuilder().namespace("default").name("app.step").build())
        .inputs(List.of(OL.newInputDatasetBuilder().namespace("file").name(input).build()))
        .outputs(List.of(OL.newOutputDatasetBuilder().namespace("file").name(output).build()))
        .build();
  }

  private static OpenLineage.RunEvent application(EventType type) {
    return OL.newRunEventBuilder()
        .eventType(type)
        .eventTime(ZonedDateTime.now())
        .run(
            OL.newRun(
                UUID.randomUUID(),
                OL.newRunFacetsBuilder()
                    .processing_engine(OL.newProcessingEngineRunFacet("4.1", "spark", "0.1.0"))
                    .build()))
        .job(OL.newJobBuilder().namespace("default").name("app").build())
        .inputs(List.of())
        .outputs(List.of())
        .build();
  }
}
