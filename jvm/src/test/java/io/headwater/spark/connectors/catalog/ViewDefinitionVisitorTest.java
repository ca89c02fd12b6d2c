package io.headwater.spark.connectors.catalog;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.lifecycle;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static io.headwater.spark.junit.Datasets.symlinks;
import static io.headwater.spark.junit.Datasets.warehouse;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.command.CreateViewCommand;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@link ViewDefinitionVisitor} on {@code CREATE VIEW}, persistent and temporary. */
public class ViewDefinitionVisitorTest {
  private final ViewDefinitionVisitor visitor = new ViewDefinitionVisitor(LocalSpark.context());

  @BeforeClass
  public static void createTable() {
    LocalSpark.session().sql("CREATE TABLE viewed (a INT, b STRING) USING parquet");
  }

  @Test
  public void aPersistentViewIsItsOwnDatasetUnderTheUsersColumnNames() {
    CreateViewCommand view =
        Executions.rootOfSql(
            CreateViewCommand.class, "CREATE VIEW viewed_v (x, y) AS SELECT a, b FROM viewed");

    assertTrue(visitor.isDefinedAt(view));
    OpenLineage.OutputDataset output = only(visitor.apply(view));
    assertEquals(warehouse() + " default.viewed_v", id(output));
    assertEquals(List.of("x:integer", "y:string"), schema(output));
    assertEquals(List.of(), symlinks(output));
    assertNull(lifecycle(output));
    assertEquals(Optional.of("default_viewed_v"), visitor.jobNameSuffixOf(view));
  }

  @Test
  public void doesNotFireOnATemporaryView() {
    CreateViewCommand view =
        Executions.rootOfSql(
            CreateViewCommand.class, "CREATE TEMP VIEW viewed_tmp AS SELECT a FROM viewed");

    assertFalse(visitor.isDefinedAt(view));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(view));
    assertFalse(ViewDefinitionVisitor.isPersistentView(view));
  }
}
