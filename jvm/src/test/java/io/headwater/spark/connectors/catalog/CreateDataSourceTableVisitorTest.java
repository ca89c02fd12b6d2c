package io.headwater.spark.connectors.catalog;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.lifecycle;
import static io.headwater.spark.junit.Datasets.managedTable;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static io.headwater.spark.junit.Datasets.symlinks;
import static io.headwater.spark.junit.Datasets.tableSymlink;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.command.CreateDataSourceTableCommand;
import org.junit.Test;

/** {@link CreateDataSourceTableVisitor} on {@code CREATE TABLE ... USING parquet}. */
public class CreateDataSourceTableVisitorTest {
  private final CreateDataSourceTableVisitor visitor =
      new CreateDataSourceTableVisitor(LocalSpark.context());

  @Test
  public void aManagedTableIsCreatedAtItsDefaultPath() {
    CreateDataSourceTableCommand create =
        Executions.rootOfSql(
            CreateDataSourceTableCommand.class,
            "CREATE TABLE created_v1 (a INT, b STRING) USING parquet");

    assertTrue(visitor.isDefinedAt(create));
    OpenLineage.OutputDataset output = only(visitor.apply(create));
    assertEquals(managedTable("created_v1"), id(output));
    assertEquals(List.of(tableSymlink("created_v1")), symlinks(output));
    assertEquals(List.of("a:integer", "b:string"), schema(output));
    assertEquals(LifecycleStateChange.CREATE, lifecycle(output));
    assertEquals(Optional.of("default_created_v1"), visitor.jobNameSuffixOf(create));
  }

  @Test
  public void aTableWithALocationIsNamedByIt() {
    Path location = LocalSpark.newDirectory("created").resolve("external");
    LogicalPlan create =
        Executions.planned(
            "CREATE TABLE created_external (a INT) USING parquet LOCATION '" + location + "'");

    OpenLineage.OutputDataset output = only(visitor.apply(create));
    assertEquals("file " + location, id(output));
    assertEquals(List.of(tableSymlink("created_external")), symlinks(output));
  }

  @Test
  public void doesNotFireOnAHiveTable() {
    LogicalPlan hive = Executions.planned("CREATE TABLE created_hive (a INT) STORED AS textfile");

    assertFalse(visitor.isDefinedAt(hive));
    assertFalse(
        visitor.isDefinedAt(
            Executions.planned("CREATE TABLE created_ctas USING parquet AS SELECT 1")));
  }
}
