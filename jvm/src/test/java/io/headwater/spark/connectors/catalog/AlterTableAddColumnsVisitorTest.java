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
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.command.AlterTableAddColumnsCommand;
import org.junit.Test;

/**
 * {@link AlterTableAddColumnsVisitor} on {@code ALTER TABLE ... ADD COLUMNS}, before and after it
 * runs.
 */
public class AlterTableAddColumnsVisitorTest {
  private final AlterTableAddColumnsVisitor visitor =
      new AlterTableAddColumnsVisitor(LocalSpark.context());

  @Test
  public void beforeTheCommandRunsTheAddedColumnsAreAppended() {
    LocalSpark.session().sql("CREATE TABLE widened_before (a INT) USING parquet");
    LogicalPlan add = Executions.planned("ALTER TABLE widened_before ADD COLUMNS (c STRING)");

    assertTrue(add instanceof AlterTableAddColumnsCommand);
    assertTrue(visitor.isDefinedAt(add));
    OpenLineage.OutputDataset output = only(visitor.apply(add));
    assertEquals(managedTable("widened_before"), id(output));
    assertEquals(List.of(tableSymlink("widened_before")), symlinks(output));
    assertEquals(List.of("a:integer", "c:string"), schema(output));
    assertEquals(LifecycleStateChange.ALTER, lifecycle(output));
    assertEquals(Optional.of("default_widened_before"), visitor.jobNameSuffixOf(add));
  }

  @Test
  public void afterItRunsEachColumnIsThereOnce() {
    LocalSpark.session().sql("CREATE TABLE widened_after (a INT) USING parquet");
    AlterTableAddColumnsCommand add =
        Executions.rootOfSql(
            AlterTableAddColumnsCommand.class, "ALTER TABLE widened_after ADD COLUMNS (c STRING)");

    assertEquals(List.of("a:integer", "c:string"), schema(only(visitor.apply(add))));
  }

  @Test
  public void doesNotFireOnOtherCommands() {
    LocalSpark.session().sql("CREATE TABLE widened_not (a INT) USING parquet");
    assertFalse(visitor.isDefinedAt(Executions.planned("TRUNCATE TABLE widened_not")));
    assertFalse(
        visitor.isDefinedAt(
            Executions.planned("ALTER TABLE widened_not ALTER COLUMN a COMMENT 'the a'")));
  }
}
