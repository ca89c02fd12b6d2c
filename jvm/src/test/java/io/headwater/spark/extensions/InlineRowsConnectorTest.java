package io.headwater.spark.extensions;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.api.Connector;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.headwater.spark.reading.ExecutionLineage;
import io.openlineage.client.OpenLineage;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.InsertIntoHadoopFsRelationCommand;
import org.junit.Test;

/**
 * Adding a connector is one package plus one service line: the test connector ({@code
 * jvm/src/test/connector}: {@code io.headwater.spark.testconnector} and its {@code
 * META-INF/services} line, nothing else) in its own jar ({@code testConnectorJar}, not on the
 * tests' class path) is found by the agent's one {@code ServiceLoader} walk, names the inline rows
 * an {@code INSERT} reads as its dataset and answers its {@code standIn} hook, so column lineage
 * gives those rows' columns no sources.
 */
public class InlineRowsConnectorTest {
  private static final String CONNECTOR = "io.headwater.spark.testconnector.InlineRowsConnector";
  private static final HeadwaterConfig.ColumnLineageSettings COLUMN_LINEAGE =
      new HeadwaterConfig.ColumnLineageSettings(true, 1000, Duration.ofSeconds(30));

  @Test
  public void aConnectorInItsOwnJarYieldsDatasetsAndAnswersItsHook() throws IOException {
    Path jar = Path.of(System.getProperty("headwater.testConnectorJar"));
    assertTrue(jar + " (gradle testConnectorJar)", Files.isRegularFile(jar));
    assertThrows(
        ClassNotFoundException.class,
        () -> Class.forName(CONNECTOR, false, getClass().getClassLoader()));
    LocalSpark.session().sql("CREATE TABLE inline_rows_target (id INT, name STRING) USING parquet");
    LogicalPlan insert =
        Executions.executionOfSql(
                InsertIntoHadoopFsRelationCommand.class,
                "INSERT INTO inline_rows_target SELECT * FROM VALUES (1, 'a'), (2, 'b') AS v(id,"
                    + " name)")
            .optimizedPlan();

    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
      ExtensionFailures failures = new ExtensionFailures();
      EventHandlerFactories.Found found = EventHandlerFactories.discover(loader, failures);
      List<Connector> connectors = found.connectors().connectors();
      assertEquals(CONNECTOR, connectors.get(connectors.size() - 1).getClass().getName());

      ExecutionLineage lineage =
          new LineageExtractor(found, failures, COLUMN_LINEAGE)
              .extract(LocalSpark.context(), insert);

      assertEquals(
          List.of("memory/inline_rows"),
          lineage.inputs().stream().map(d -> d.getNamespace() + "/" + d.getName()).toList());
      assertEquals(
          List.of("id", "name"),
          lineage.inputs().get(0).getFacets().getSchema().getFields().stream()
              .map(OpenLineage.SchemaDatasetFacetFields::getName)
              .toList());
      OpenLineage.OutputDataset output = lineage.outputs().get(0);
      assertTrue(output.getName().endsWith("/inline_rows_target"));
      Map<String, OpenLineage.ColumnLineageDatasetFacetFieldsAdditional> fields =
          output.getFacets().getColumnLineage().getFields().getAdditionalProperties();
      // the hook's answer: the inline rows' columns are computed by the query, not read from the
      // dataset (without it, each column would come from memory/inline_rows)
      fields.values().forEach(field -> assertEquals(List.of(), field.getInputFields()));
    }
  }
}
