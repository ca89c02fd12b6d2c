package io.headwater.spark.connectors.jdbc;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.plans.logical.LocalRelation;
import org.apache.spark.sql.catalyst.types.DataTypeUtils;
import org.apache.spark.sql.execution.datasources.SaveIntoDataSourceCommand;
import org.apache.spark.sql.execution.datasources.jdbc.JdbcRelationProvider;
import org.apache.spark.sql.sources.BaseRelation;
import org.apache.spark.sql.sources.CreatableRelationProvider;
import org.apache.spark.sql.types.StructType;
import org.junit.Test;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The JDBC write visitor on real {@code SaveIntoDataSourceCommand} nodes, including the ones it
 * must not match.
 */
public class JdbcSaveIntoDataSourceOutputVisitorTest {
  private static final StructType SCHEMA = StructType.fromDDL("id INT, amount DECIMAL(10,2)");
  private static final OpenLineage OPEN_LINEAGE =
      new OpenLineage(URI.create("https://example/producer"));
  private final JdbcSaveIntoDataSourceOutputVisitor visitor =
      new JdbcSaveIntoDataSourceOutputVisitor(
          io.headwater.spark.TestContexts.withoutSpark(OPEN_LINEAGE));

  @SuppressWarnings("unchecked")
  private static LocalRelation query() {
    Seq<Attribute> output = (Seq<Attribute>) (Seq<?>) DataTypeUtils.toAttributes(SCHEMA);
    return new LocalRelation(
        output, scala.collection.immutable.List$.MODULE$.empty(), false, scala.Option.empty());
  }

  private static SaveIntoDataSourceCommand save(
      CreatableRelationProvider provider, Map<String, String> options, SaveMode mode) {
    return new SaveIntoDataSourceCommand(
        query(),
        provider,
        scala.collection.immutable.Map.from(CollectionConverters.asScala(options)),
        mode);
  }

  private static final Map<String, String> OPTIONS =
      Map.of(
          "url",
          "jdbc:postgresql://DB:5432/shop?password=hunter2",
          "dbTable",
          "Sales.Orders",
          "user",
          "alice",
          "password",
          "hunter2");

  @Test
  public void anOverwriteNamesTheTableWithSchemaAndLifecycle() {
    SaveIntoDataSourceCommand command =
        save(new JdbcRelationProvider(), OPTIONS, SaveMode.Overwrite);

    assertTrue(visitor.isDefinedAt(command));
    List<OpenLineage.OutputDataset> outputs = visitor.apply(command);

    assertEquals(1, outputs.size());
    OpenLineage.OutputDataset output = outputs.get(0);
    assertEquals("postgres://db:5432", output.getNamespace());
    assertEquals("shop.sales.orders", output.getName());
    assertEquals(
        List.of("id", "amount"),
        output.getFacets().getSchema().getFields().stream().map(f -> f.getName()).toList());
    assertEquals(
        OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange.OVERWRITE,
        output.getFacets().getLifecycleStateChange().getLifecycleStateChange());
    String json = OpenLineageClientUtils.toJson(output);
    assertFalse(json, json.contains("alice"));
    assertFalse(json, json.contains("hunter2"));
    assertEquals(Optional.of("Sales.Orders"), visitor.jobNameSuffixOf(command));
  }

  @Test
  public void anAppendHasNoLifecycleChange() {
    List<OpenLineage.OutputDataset> outputs =
        visitor.apply(save(new JdbcRelationProvider(), OPTIONS, SaveMode.Append));

    assertNull(outputs.get(0).getFacets().getLifecycleStateChange());
  }

  @Test
  public void anotherDataSourceIsNotMatched() {
    CreatableRelationProvider other =
        new CreatableRelationProvider() {
          @Override
          public BaseRelation createRelation(
              SQLContext sqlContext,
              SaveMode mode,
              scala.collection.immutable.Map<String, String> parameters,
              Dataset<Row> data) {
            throw new UnsupportedOperationException();
          }
        };
    SaveIntoDataSourceCommand command = save(other, OPTIONS, SaveMode.Overwrite);

    assertFalse(visitor.isDefinedAt(command));
    assertFalse(visitor.isDefinedAt(query()));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(command));
  }
}
