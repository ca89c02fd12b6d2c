package io.headwater.spark.connectors.v2;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.TestContexts;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.facets.HeadwaterVersion;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.StructType;
import org.junit.Test;

/** The {@code openlineage.dataset.*} table-property convention, property by property. */
public class DeclaredDatasetTest {
  private static final OpenLineage OL = new OpenLineage(HeadwaterVersion.PRODUCER);
  private static final OpenLineageContext CONTEXT = TestContexts.withoutSpark(OL);
  private static final StructType SCHEMA = StructType.fromDDL("id INT");

  @SuppressWarnings("unchecked")
  private static Map<String, Object> facetsJson(OpenLineage.Dataset dataset) {
    return OpenLineageClientUtils.newObjectMapper().convertValue(dataset.getFacets(), Map.class);
  }

  @Test
  public void bothIdentityPropertiesAreNeeded() {
    assertTrue(DeclaredDataset.of(Map.of("openlineage.dataset.name", "t"), "c.t").isEmpty());
    assertTrue(DeclaredDataset.of(Map.of("openlineage.dataset.namespace", "ns"), "c.t").isEmpty());
    assertTrue(
        DeclaredDataset.of(
                Map.of("openlineage.dataset.namespace", " ", "openlineage.dataset.name", "t"),
                "c.t")
            .isEmpty());
    assertEquals(
        new DeclaredDataset("ns", "t", Map.of()),
        DeclaredDataset.of(
                Map.of(
                    "openlineage.dataset.namespace",
                    "ns",
                    "openlineage.dataset.name",
                    "t",
                    "other",
                    "x"),
                "c.t")
            .orElseThrow());
  }

  @Test
  public void specFacetsAreTypedCustomOnesGetHeadwatersProducerAndBadOnesAreSkipped() {
    Map<String, String> properties =
        Map.of(
            "openlineage.dataset.namespace", "postgres://db:5432",
            "openlineage.dataset.name", "shop.public.orders",
            "openlineage.dataset.facets.ownership",
                "{\"owners\": [{\"name\": \"team:orders\", \"type\": \"TEAM\"}]}",
            "openlineage.dataset.facets.acme.quality", "{\"score\": 0.9}",
            "openlineage.dataset.facets.tags", "{\"tags\": 5}",
            "openlineage.dataset.facets.broken", "[1, 2",
            "openlineage.dataset.facets.dataSource",
                "{\"name\": \"ignored\", \"uri\": \"x://ignored\"}");

    DeclaredDataset declared = DeclaredDataset.of(properties, "testcat.shop.orders").orElseThrow();
    OpenLineage.OutputDataset output = declared.output(OL, CONTEXT.datasetFactory(), SCHEMA, null);

    assertEquals(
        List.of("acme.quality", "ownership"),
        declared.facets().keySet().stream().sorted().toList());
    assertEquals("shop.public.orders", output.getName());
    OpenLineage.OwnershipDatasetFacet ownership = output.getFacets().getOwnership();
    assertEquals("team:orders", ownership.getOwners().get(0).getName());
    assertEquals(HeadwaterVersion.PRODUCER, ownership.get_producer());
    assertEquals(
        URI.create(
            "https://openlineage.io/spec/facets/1-0-1/OwnershipDatasetFacet.json#/$defs/OwnershipDatasetFacet"),
        ownership.get_schemaURL());
    assertEquals(
        Map.of(
            "_producer",
            HeadwaterVersion.PRODUCER.toString(),
            "_schemaURL",
            "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/DatasetFacet",
            "score",
            0.9),
        facetsJson(output).get("acme.quality"));
    assertEquals("postgres://db:5432", output.getFacets().getDataSource().getName());
    assertEquals("id", output.getFacets().getSchema().getFields().get(0).getName());
  }
}
