package io.headwater.spark.facets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertSame;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.ZonedDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.Test;

/**
 * Facets merged on the model serialise to the same JSON as the client's {@code mergeFacets} Jackson
 * round trip (member order aside: the round trip reverses the custom facets' order), for typed and
 * custom facets, replaced and new names, a missing container, and values only {@code mergeFacets}
 * can convert.
 */
public class FacetMergeTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final OpenLineage OL = new OpenLineage(URI.create("https://example/producer"));

  private static OpenLineage.DatasetFacet custom(String key, Object value) {
    OpenLineage.DatasetFacet facet = OL.newDatasetFacet();
    facet.getAdditionalProperties().put(key, value);
    return facet;
  }

  private static OpenLineage.DatasetFacets container() {
    return OL.newDatasetFacetsBuilder()
        .schema(
            OL.newSchemaDatasetFacet(
                List.of(OL.newSchemaDatasetFacetFieldsBuilder().name("id").type("long").build())))
        .dataSource(OL.newDatasourceDatasetFacet("file", URI.create("file:/tmp")))
        .put("first", custom("a", 1))
        .put("second", custom("b", "x"))
        .build();
  }

  /** The container as the client serialises it, as a JSON tree (member order aside). */
  private static JsonNode tree(Object container) {
    try {
      return JSON.readTree(OpenLineageClientUtils.toJson(container));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void assertSameJson(Map<String, ?> facets, OpenLineage.DatasetFacets container) {
    OpenLineage.DatasetFacets expected =
        OpenLineageClientUtils.mergeFacets(
            facets,
            container == null ? OL.newDatasetFacetsBuilder().build() : container,
            OpenLineage.DatasetFacets.class);
    OpenLineage.DatasetFacets merged =
        FacetMerge.merge(
            facets, container, OpenLineage.DatasetFacets.class, OL::newDatasetFacetsBuilder);
    assertEquals(tree(expected), tree(merged));
  }

  @Test
  public void typedAndCustomFacetsReplaceInPlaceAndNewOnesFollow() {
    Map<String, Object> facets = new LinkedHashMap<>();
    facets.put("third", custom("c", true));
    facets.put("first", custom("a", 2));
    facets.put("schema", OL.newSchemaDatasetFacet(List.of()));
    facets.put(
        "columnLineage",
        OL.newColumnLineageDatasetFacet(
            OL.newColumnLineageDatasetFacetFieldsBuilder().build(), null));
    assertSameJson(facets, container());
  }

  @Test
  public void noContainerGivesTheFacetsAlone() {
    assertSameJson(Map.of("extra", custom("k", "v")), null);
  }

  @Test
  public void valuesTheModelCannotHoldAreConvertedAsByMergeFacets() {
    // a plain map is not a DatasetFacet and a custom facet named "schema" is not a schema facet:
    // both take mergeFacets' conversion
    assertSameJson(Map.of("plain", Map.of("_producer", "p", "k", 1)), container());
    assertSameJson(Map.of("schema", custom("fields", List.of())), container());
  }

  @Test
  public void emptyFacetsReturnTheContainerItselfAndOthersACopy() {
    OpenLineage.DatasetFacets container = container();
    assertSame(
        container,
        FacetMerge.merge(
            Map.of(), container, OpenLineage.DatasetFacets.class, OL::newDatasetFacetsBuilder));
    assertNotSame(
        container,
        FacetMerge.merge(
            Map.of("x", custom("k", 1)),
            container,
            OpenLineage.DatasetFacets.class,
            OL::newDatasetFacetsBuilder));
  }

  @Test
  public void runFacetsMergeLikeMergeFacets() {
    OpenLineage.RunFacets run =
        OL.newRunFacetsBuilder()
            .processing_engine(OL.newProcessingEngineRunFacet("1", "spark", "1"))
            .build();
    Map<String, Object> facets =
        Map.of(
            "nominalTime",
            OL.newNominalTimeRunFacet(ZonedDateTime.parse("2026-01-01T00:00Z"), null));
    assertEquals(
        tree(OpenLineageClientUtils.mergeFacets(facets, run, OpenLineage.RunFacets.class)),
        tree(FacetMerge.merge(facets, run, OpenLineage.RunFacets.class, OL::newRunFacetsBuilder)));
  }
}
