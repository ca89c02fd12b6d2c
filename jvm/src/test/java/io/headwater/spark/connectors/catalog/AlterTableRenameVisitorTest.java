package io.headwater.spark.connectors.catalog;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.lifecycle;
import static io.headwater.spark.junit.Datasets.managedTable;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.previousIdentifier;
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
import org.apache.spark.sql.execution.command.AlterTableRenameCommand;
import org.junit.Test;

/** {@link AlterTableRenameVisitor} on {@code ALTER TABLE ... RENAME TO}, and on a view's. */
public class AlterTableRenameVisitorTest {
  private final AlterTableRenameVisitor visitor = new AlterTableRenameVisitor(LocalSpark.context());

  @Test
  public void theRenamedTableNamesItsPreviousIdentity() {
    LocalSpark.session().sql("CREATE TABLE renamed_from (a INT) USING parquet");
    AlterTableRenameCommand rename =
        Executions.rootOfSql(
            AlterTableRenameCommand.class, "ALTER TABLE renamed_from RENAME TO renamed_to");

    assertTrue(visitor.isDefinedAt(rename));
    OpenLineage.OutputDataset output = only(visitor.apply(rename));
    assertEquals(managedTable("renamed_to"), id(output));
    assertEquals(List.of(tableSymlink("renamed_to")), symlinks(output));
    assertEquals(List.of("a:integer"), schema(output));
    assertEquals(LifecycleStateChange.RENAME, lifecycle(output));
    assertEquals(managedTable("renamed_from"), previousIdentifier(output));
    assertEquals(Optional.of("default_renamed_to"), visitor.jobNameSuffixOf(rename));
  }

  @Test
  public void beforeItRunsTheSchemaComesFromThePreviousName() {
    LocalSpark.session().sql("CREATE TABLE renaming (a INT) USING parquet");
    LogicalPlan rename = Executions.planned("ALTER TABLE renaming RENAME TO renaming_done");

    OpenLineage.OutputDataset output = only(visitor.apply(rename));
    assertEquals(managedTable("renaming_done"), id(output));
    assertEquals(managedTable("renaming"), previousIdentifier(output));
    assertEquals(List.of("a:integer"), schema(output));
  }

  @Test
  public void doesNotFireOnAViewRename() {
    LocalSpark.session().sql("CREATE VIEW renamed_view AS SELECT 1 AS a");
    LogicalPlan rename = Executions.planned("ALTER VIEW renamed_view RENAME TO renamed_view2");

    assertTrue(rename instanceof AlterTableRenameCommand);
    assertFalse(visitor.isDefinedAt(rename));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(rename));
  }
}
