package io.headwater.spark.connectors.delta;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.lifecycle;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static io.headwater.spark.junit.Datasets.symlinks;
import static io.headwater.spark.junit.Datasets.tableSymlink;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.junit.DeltaTables;
import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameter;
import org.junit.runners.Parameterized.Parameters;

/**
 * {@link DeltaRowLevelVisitor} made for each of MERGE INTO, UPDATE and DELETE, each on its own
 * Delta Lake command against the shared table named both ways ({@code delta_events} and {@code
 * delta.`path`}), and on the other two commands, which it must not match. The commands are planned,
 * not run: the table stays at version 0 for the other tests.
 */
@RunWith(Parameterized.class)
public class DeltaRowLevelVisitorsTest {
  /** Each command's statement, with {@code %s} for the table. */
  private static final Map<String, String> STATEMENTS =
      Map.of(
          DeltaSupport.MERGE_INTO,
          "MERGE INTO %s t USING (SELECT 1L AS a, 'm' AS b) s ON t.a = s.a"
              + " WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *",
          DeltaSupport.UPDATE,
          "UPDATE %s SET b = 'z' WHERE a = 1",
          DeltaSupport.DELETE,
          "DELETE FROM %s WHERE a = 1");

  /** The Delta command the visitor under test handles, e.g. {@code UpdateCommand}. */
  @Parameter(0)
  public String command;

  @Parameters(name = "{0}")
  public static List<Object[]> commands() {
    return List.of(
        new Object[] {DeltaSupport.MERGE_INTO},
        new Object[] {DeltaSupport.UPDATE},
        new Object[] {DeltaSupport.DELETE});
  }

  private QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> visitor() {
    return new DeltaRowLevelVisitor(LocalSpark.context(), command);
  }

  private static LogicalPlan planned(String command, String table) {
    return Executions.planned(String.format(STATEMENTS.get(command), table));
  }

  @Test
  public void aCatalogTableIsItsLocationWithASymlink() {
    QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> visitor = visitor();
    LogicalPlan plan = planned(command, DeltaTables.catalogTable());

    assertEquals("org.apache.spark.sql.delta.commands." + command, plan.getClass().getName());
    assertTrue(visitor.isDefinedAt(plan));
    OpenLineage.OutputDataset output = only(visitor.apply(plan));
    assertEquals("file " + DeltaTables.path(), id(output));
    assertEquals(List.of(tableSymlink(DeltaTables.CATALOG_TABLE)), symlinks(output));
    assertEquals(List.of("a:long", "b:string"), schema(output));
    assertNull(lifecycle(output));
    assertEquals(
        Optional.of("default_" + DeltaTables.CATALOG_TABLE), visitor.jobNameSuffixOf(plan));
  }

  @Test
  public void aPathTableIsItsPath() {
    QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> visitor = visitor();
    Path table = Path.of(DeltaTables.path());
    LogicalPlan plan = planned(command, "delta.`" + table + "`");

    OpenLineage.OutputDataset output = only(visitor.apply(plan));
    assertEquals("file " + table, id(output));
    assertEquals(List.of(), symlinks(output));
    assertEquals(
        Optional.of(table.getParent().getFileName() + "_events"), visitor.jobNameSuffixOf(plan));
  }

  @Test
  public void doesNotFireOnTheOtherDeltaCommandsNorOtherPlans() {
    QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> visitor = visitor();
    for (String other : STATEMENTS.keySet()) {
      if (!other.equals(command)) {
        LogicalPlan plan = planned(other, DeltaTables.catalogTable());
        assertFalse(other, visitor.isDefinedAt(plan));
        assertEquals(other, Optional.empty(), visitor.jobNameSuffixOf(plan));
      }
    }
    assertFalse(
        visitor.isDefinedAt(Executions.optimized("SELECT * FROM " + DeltaTables.catalogTable())));
  }
}
