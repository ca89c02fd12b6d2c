package io.headwater.spark.naming;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;

import io.headwater.spark.config.ConfigLoader;
import io.headwater.spark.config.ConfigSources;
import io.headwater.spark.facets.HeadwaterVersion;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Map;
import org.junit.Test;

/**
 * {@code dataset.removePath.pattern} and {@code dataset.namespaceResolvers} applied to every
 * identity of a dataset: its own, its symlinks', its column-lineage inputs'.
 */
public class DatasetNameRulesTest {
  private static final OpenLineage OL = new OpenLineage(HeadwaterVersion.PRODUCER);

  private static DatasetNameRules rules(Map<String, String> conf) {
    return DatasetNameRules.of(
        ConfigLoader.load(new ConfigSources(conf, Map.of(), List.of())).compat());
  }

  private static final Map<String, String> CONF =
      Map.of(
          "spark.openlineage.dataset.removePath.pattern", "(.*)(?<remove>/v[0-9]+)",
          "spark.openlineage.dataset.namespaceResolvers.orders-db.type", "hostList",
          "spark.openlineage.dataset.namespaceResolvers.orders-db.hosts", "[db-1;db-2]");

  @Test
  public void everyIdentityOfADatasetFollowsTheRules() {
    OpenLineage.OutputDataset output =
        OL.newOutputDatasetBuilder()
            .namespace("postgres://db-2:5432")
            .name("/data/orders/v3")
            .facets(
                OL.newDatasetFacetsBuilder()
                    .symlinks(
                        OL.newSymlinksDatasetFacet(
                            List.of(
                                OL.newSymlinksDatasetFacetIdentifiers(
                                    "postgres://db-1:5432", "/data/orders/v3/table", "TABLE"))))
                    .columnLineage(
                        OL.newColumnLineageDatasetFacetBuilder()
                            .fields(
                                OL.newColumnLineageDatasetFacetFieldsBuilder()
                                    .put(
                                        "id",
                                        OL.newColumnLineageDatasetFacetFieldsAdditionalBuilder()
                                            .inputFields(
                                                List.of(
                                                    OL.newInputFieldBuilder()
                                                        .namespace("postgres://db-1:5432")
                                                        .name("/raw/orders/v12")
                                                        .field("id")
                                                        .build()))
                                            .build())
                                    .build())
                            .build())
                    .build())
            .build();

    OpenLineage.OutputDataset named =
        rules(CONF).apply(List.of(output), OpenLineage.OutputDataset.class).get(0);

    assertEquals("postgres://orders-db:5432", named.getNamespace());
    assertEquals("/data/orders", named.getName());
    OpenLineage.SymlinksDatasetFacetIdentifiers link =
        named.getFacets().getSymlinks().getIdentifiers().get(0);
    assertEquals("postgres://orders-db:5432", link.getNamespace());
    assertEquals("/data/orders/table", link.getName());
    OpenLineage.InputField input =
        named
            .getFacets()
            .getColumnLineage()
            .getFields()
            .getAdditionalProperties()
            .get("id")
            .getInputFields()
            .get(0);
    assertEquals("postgres://orders-db:5432", input.getNamespace());
    assertEquals("/raw/orders", input.getName());
  }

  @Test
  public void withoutRulesDatasetsPassUnchanged() {
    List<OpenLineage.InputDataset> inputs =
        List.of(OL.newInputDatasetBuilder().namespace("file").name("/data/v1").build());
    assertSame(inputs, rules(Map.of()).apply(inputs, OpenLineage.InputDataset.class));
    assertEquals(
        "/data/v1",
        rules(Map.of("spark.openlineage.dataset.removePath.pattern", "(?<remove>/x)"))
            .name("/data/v1"));
  }

  @Test
  public void tableIdentityNamesTheTableByItsCatalogAndItsLocationAsASymlink() {
    OpenLineage.InputDataset input =
        OL.newInputDatasetBuilder()
            .namespace("file")
            .name("/warehouse/sales.db/orders")
            .facets(
                OL.newDatasetFacetsBuilder()
                    .symlinks(
                        OL.newSymlinksDatasetFacet(
                            List.of(
                                OL.newSymlinksDatasetFacetIdentifiers(
                                    "hive://metastore:9083", "sales.orders", "TABLE"))))
                    .build())
            .build();
    OpenLineage.OutputDataset output =
        OL.newOutputDatasetBuilder()
            .namespace("file")
            .name("/out/report")
            .facets(
                OL.newDatasetFacetsBuilder()
                    .columnLineage(
                        OL.newColumnLineageDatasetFacetBuilder()
                            .fields(
                                OL.newColumnLineageDatasetFacetFieldsBuilder()
                                    .put(
                                        "id",
                                        OL.newColumnLineageDatasetFacetFieldsAdditionalBuilder()
                                            .inputFields(
                                                List.of(
                                                    OL.newInputFieldBuilder()
                                                        .namespace("file")
                                                        .name("/warehouse/sales.db/orders")
                                                        .field("id")
                                                        .build()))
                                            .build())
                                    .build())
                            .build())
                    .build())
            .build();
    DatasetNameRules rules = rules(Map.of("spark.openlineage.dataset.identity", "table"));
    Map<List<String>, List<String>> tables = rules.tables(List.of(input), List.of(output));

    OpenLineage.InputDataset table =
        rules.apply(List.of(input), OpenLineage.InputDataset.class, tables).get(0);
    OpenLineage.OutputDataset file =
        rules.apply(List.of(output), OpenLineage.OutputDataset.class, tables).get(0);

    assertEquals("hive://metastore:9083", table.getNamespace());
    assertEquals("sales.orders", table.getName());
    OpenLineage.SymlinksDatasetFacetIdentifiers location =
        table.getFacets().getSymlinks().getIdentifiers().get(0);
    assertEquals(
        List.of("file", "/warehouse/sales.db/orders", "LOCATION"),
        List.of(location.getNamespace(), location.getName(), location.getType()));
    assertEquals("/out/report", file.getName()); // no symlink: a file keeps its path
    OpenLineage.InputField source =
        file.getFacets()
            .getColumnLineage()
            .getFields()
            .getAdditionalProperties()
            .get("id")
            .getInputFields()
            .get(0);
    assertEquals(
        List.of("hive://metastore:9083", "sales.orders"),
        List.of(source.getNamespace(), source.getName()));
  }
}
