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
import org.apache.spark.sql.execution.command.AlterTableSetLocationCommand;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@link AlterTableSetLocationVisitor} on {@code ALTER TABLE ... SET LOCATION}, planned. */
public class AlterTableSetLocationVisitorTest {
  private final AlterTableSetLocationVisitor visitor =
      new AlterTableSetLocationVisitor(LocalSpark.context());

  @BeforeClass
  public static void createTable() {
    LocalSpark.session()
        .sql("CREATE TABLE moved (a INT, p STRING) USING parquet PARTITIONED BY (p)");
  }

  @Test
  public void theTableIsNamedByItsNewLocation() {
    Path target = LocalSpark.newDirectory("moved").resolve("here");
    LogicalPlan move = Executions.planned("ALTER TABLE moved SET LOCATION '" + target + "'");

    assertTrue(move instanceof AlterTableSetLocationCommand);
    assertTrue(visitor.isDefinedAt(move));
    OpenLineage.OutputDataset output = only(visitor.apply(move));
    assertEquals("file " + target, id(output));
    assertEquals(List.of(tableSymlink("moved")), symlinks(output));
    assertEquals(List.of("a:integer", "p:string"), schema(output));
    assertEquals(LifecycleStateChange.ALTER, lifecycle(output));
    assertEquals(Optional.of("default_moved"), visitor.jobNameSuffixOf(move));
  }

  @Test
  public void movingOnePartitionKeepsTheTablesLocation() {
    Path target = LocalSpark.newDirectory("moved").resolve("partition");
    LogicalPlan move =
        Executions.planned("ALTER TABLE moved PARTITION (p = 'x') SET LOCATION '" + target + "'");

    assertEquals(managedTable("moved"), id(only(visitor.apply(move))));
  }

  @Test
  public void doesNotFireOnOtherCommands() {
    assertFalse(
        visitor.isDefinedAt(Executions.planned("ALTER TABLE moved SET TBLPROPERTIES ('k'='v')")));
    assertFalse(visitor.isDefinedAt(Executions.planned("TRUNCATE TABLE moved")));
  }
}
