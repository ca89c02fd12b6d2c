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
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.command.AlterTableChangeColumnCommand;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@link AlterTableChangeColumnVisitor} on {@code ALTER TABLE ... ALTER COLUMN ... COMMENT}. */
public class AlterTableChangeColumnVisitorTest {
  private final AlterTableChangeColumnVisitor visitor =
      new AlterTableChangeColumnVisitor(LocalSpark.context());

  @BeforeClass
  public static void createTable() {
    LocalSpark.session().sql("CREATE TABLE commented (a INT, b STRING) USING parquet");
  }

  @Test
  public void theTableIsAltered() {
    AlterTableChangeColumnCommand change =
        Executions.rootOfSql(
            AlterTableChangeColumnCommand.class,
            "ALTER TABLE commented ALTER COLUMN a COMMENT 'the key'");

    assertTrue(visitor.isDefinedAt(change));
    OpenLineage.OutputDataset output = only(visitor.apply(change));
    assertEquals(managedTable("commented"), id(output));
    assertEquals(List.of(tableSymlink("commented")), symlinks(output));
    assertEquals(List.of("a:integer", "b:string"), schema(output));
    assertEquals("the key", output.getFacets().getSchema().getFields().get(0).getDescription());
    assertEquals(LifecycleStateChange.ALTER, lifecycle(output));
    assertEquals(Optional.of("default_commented"), visitor.jobNameSuffixOf(change));
  }

  @Test
  public void doesNotFireOnOtherCommands() {
    assertFalse(
        visitor.isDefinedAt(Executions.planned("ALTER TABLE commented ADD COLUMNS (c INT)")));
    assertFalse(visitor.isDefinedAt(Executions.planned("COMMENT ON TABLE commented IS 'x'")));
  }
}
