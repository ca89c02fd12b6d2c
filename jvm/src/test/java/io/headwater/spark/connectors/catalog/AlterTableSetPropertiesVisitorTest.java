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
import org.apache.spark.sql.execution.command.AlterTableSetPropertiesCommand;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@link AlterTableSetPropertiesVisitor} on {@code ALTER TABLE/VIEW ... SET TBLPROPERTIES}. */
public class AlterTableSetPropertiesVisitorTest {
  private final AlterTableSetPropertiesVisitor visitor =
      new AlterTableSetPropertiesVisitor(LocalSpark.context());

  @BeforeClass
  public static void createTableAndView() {
    LocalSpark.session()
        .sql("CREATE TABLE props_set (a INT) USING parquet TBLPROPERTIES ('owner.team' = 'ops')");
    LocalSpark.session().sql("CREATE VIEW props_set_view AS SELECT * FROM props_set");
  }

  @Test
  public void theTableIsAltered() {
    AlterTableSetPropertiesCommand alter =
        Executions.rootOfSql(
            AlterTableSetPropertiesCommand.class,
            "ALTER TABLE props_set SET TBLPROPERTIES ('owner.team' = 'data')");

    assertTrue(visitor.isDefinedAt(alter));
    OpenLineage.OutputDataset output = only(visitor.apply(alter));
    assertEquals(managedTable("props_set"), id(output));
    assertEquals(List.of(tableSymlink("props_set")), symlinks(output));
    assertEquals(List.of("a:integer"), schema(output));
    assertEquals(LifecycleStateChange.ALTER, lifecycle(output));
    assertEquals(Optional.of("default_props_set"), visitor.jobNameSuffixOf(alter));
  }

  @Test
  public void doesNotFireOnAView() {
    LogicalPlan alter =
        Executions.planned("ALTER VIEW props_set_view SET TBLPROPERTIES ('owner.team' = 'data')");

    assertTrue(alter instanceof AlterTableSetPropertiesCommand);
    assertFalse(visitor.isDefinedAt(alter));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(alter));
  }

  @Test
  public void doesNotFireOnOtherCommands() {
    assertFalse(visitor.isDefinedAt(Executions.planned("TRUNCATE TABLE props_set")));
  }
}
