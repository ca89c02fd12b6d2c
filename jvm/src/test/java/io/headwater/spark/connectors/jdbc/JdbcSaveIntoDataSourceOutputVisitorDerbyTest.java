package io.headwater.spark.connectors.jdbc;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.lifecycle;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.DeltaTables;
import io.headwater.spark.junit.DerbyServer;
import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.datasources.SaveIntoDataSourceCommand;
import org.junit.Test;

/**
 * {@link JdbcSaveIntoDataSourceOutputVisitor} on the roots of real JDBC writes into a Derby
 * database served on loopback.
 */
public class JdbcSaveIntoDataSourceOutputVisitorDerbyTest {
  private final JdbcSaveIntoDataSourceOutputVisitor visitor =
      new JdbcSaveIntoDataSourceOutputVisitor(LocalSpark.context());

  private static Dataset<Row> rows() {
    return LocalSpark.session().range(2).selectExpr("id AS a", "CAST(id AS STRING) AS b");
  }

  @Test
  public void anOverwriteIsTheTableWithLifecycleOverwrite() {
    SaveIntoDataSourceCommand save =
        Executions.root(
            SaveIntoDataSourceCommand.class,
            () ->
                rows()
                    .write()
                    .mode("overwrite")
                    .jdbc(DerbyServer.url(), "app.written", new Properties()));

    assertTrue(visitor.isDefinedAt(save));
    OpenLineage.OutputDataset output = only(visitor.apply(save));
    assertEquals("derby://" + DerbyServer.authority() + " junitdb.app.written", id(output));
    assertEquals(List.of("a:long", "b:string"), schema(output));
    assertEquals(LifecycleStateChange.OVERWRITE, lifecycle(output));
    assertEquals(Optional.of("app.written"), visitor.jobNameSuffixOf(save));
  }

  @Test
  public void anAppendHasNoLifecycleChange() {
    SaveIntoDataSourceCommand save =
        Executions.root(
            SaveIntoDataSourceCommand.class,
            () ->
                rows()
                    .write()
                    .format("jdbc")
                    .mode("append")
                    .option("url", DerbyServer.url())
                    .option("dbtable", "appended")
                    .save());

    OpenLineage.OutputDataset output = only(visitor.apply(save));
    assertEquals("derby://" + DerbyServer.authority() + " junitdb.appended", id(output));
    assertNull(lifecycle(output));
  }

  @Test
  public void doesNotFireOnAnotherDataSourcesSave() {
    SaveIntoDataSourceCommand delta = DeltaTables.save();

    assertFalse(visitor.isDefinedAt(delta));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(delta));
  }
}
