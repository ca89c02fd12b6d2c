package io.headwater.spark.facets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import java.io.IOException;
import java.net.URI;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.Test;

/**
 * The schema facet of Spark schemas with nested types, as serialized into events. Type names are
 * Spark's {@code DataType.typeName()} ({@code integer}, {@code long}), as the OpenLineage Spark
 * integration writes them, not the SQL-style {@code simpleString()} ({@code int}, {@code bigint}):
 * Marquez hashes field types into dataset versions.
 */
public class SchemaFacetsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final OpenLineage OL = new OpenLineage(URI.create("https://example/producer"));

  private static JsonNode facetJson(StructType schema) throws IOException {
    return JSON.readTree(OpenLineageClientUtils.toJson(SchemaFacets.of(OL, schema)));
  }

  /** The expected {@code fields} array, written with single quotes for readability. */
  private static JsonNode fields(String singleQuoted) throws IOException {
    return JSON.readTree(singleQuoted.replace('\'', '"'));
  }

  @Test
  public void primitiveFieldsUseSparkTypeNamesAndCommentsAsDescriptions() throws IOException {
    StructType schema =
        new StructType()
            .add("id", DataTypes.IntegerType, false, "the key")
            .add("count", DataTypes.LongType)
            .add("name", DataTypes.StringType)
            .add("price", DataTypes.createDecimalType(10, 2))
            .add("seen", DataTypes.TimestampType);

    JsonNode facet = facetJson(schema);

    assertEquals(
        fields(
            "[{'name':'id','type':'integer','description':'the key'},"
                + "{'name':'count','type':'long'},"
                + "{'name':'name','type':'string'},"
                + "{'name':'price','type':'decimal(10,2)'},"
                + "{'name':'seen','type':'timestamp'}]"),
        facet.get("fields"));
    assertEquals("https://example/producer", facet.get("_producer").asText());
    assertTrue(
        facet.get("_schemaURL").asText(),
        facet.get("_schemaURL").asText().contains("SchemaDatasetFacet"));
  }

  @Test
  public void aNestedStructListsItsFields() throws IOException {
    StructType schema =
        new StructType()
            .add(
                "address",
                new StructType()
                    .add("street", DataTypes.StringType)
                    .add("geo", new StructType().add("lat", DataTypes.DoubleType)));

    assertEquals(
        fields(
            "[{'name':'address','type':'struct','fields':["
                + "{'name':'street','type':'string'},"
                + "{'name':'geo','type':'struct','fields':[{'name':'lat','type':'double'}]}]}]"),
        facetJson(schema).get("fields"));
  }

  @Test
  public void anArrayOfStructsHasOneElementField() throws IOException {
    StructType schema =
        new StructType()
            .add(
                "items",
                DataTypes.createArrayType(
                    new StructType()
                        .add("sku", DataTypes.StringType)
                        .add("qty", DataTypes.LongType)))
            .add("scores", DataTypes.createArrayType(DataTypes.IntegerType));

    assertEquals(
        fields(
            "[{'name':'items','type':'array','fields':[{'name':'_element','type':'struct','fields':["
                + "{'name':'sku','type':'string'},{'name':'qty','type':'long'}]}]},"
                + "{'name':'scores','type':'array','fields':[{'name':'_element','type':'integer'}]}]"),
        facetJson(schema).get("fields"));
  }

  @Test
  public void aMapHasKeyAndValueFields() throws IOException {
    StructType schema =
        new StructType()
            .add(
                "attributes",
                DataTypes.createMapType(
                    DataTypes.StringType,
                    DataTypes.createArrayType(DataTypes.createDecimalType(10, 2))));

    assertEquals(
        fields(
            "[{'name':'attributes','type':'map','fields':[{'name':'key','type':'string'},"
                + "{'name':'value','type':'array','fields':[{'name':'_element','type':'decimal(10,2)'}]}]}]"),
        facetJson(schema).get("fields"));
  }

  @Test
  public void anEmptySchemaHasNoFields() throws IOException {
    assertEquals(fields("[]"), facetJson(new StructType()).get("fields"));
  }
}
