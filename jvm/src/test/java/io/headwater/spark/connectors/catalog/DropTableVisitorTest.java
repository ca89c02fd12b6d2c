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
import org.apache.spark.sql.catalyst.plans.logical.DropTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.junit.Test;

/** {@link DropTableVisitor} on {@code DROP TABLE} of session-catalog and V2 tables. */
public class DropTableVisitorTest {
  private final DropTableVisitor visitor = new DropTableVisitor(LocalSpark.context());

  @Test
  public void aSessionTableIsNamedAsItIsBeforeTheDrop() {
    Path location = LocalSpark.newDirectory("dropped").resolve("t");
    LocalSpark.session()
        .sql("CREATE TABLE dropped_ext (a INT) USING parquet LOCATION '" + location + "'");
    LogicalPlan drop = Executions.planned("DROP TABLE dropped_ext");

    assertTrue(drop instanceof DropTable);
    assertTrue(visitor.isDefinedAt(drop));
    OpenLineage.OutputDataset output = only(visitor.apply(drop));
    assertEquals("file " + location, id(output));
    assertEquals(List.of(tableSymlink("dropped_ext")), symlinks(output));
    assertEquals(List.of(), schema(output));
    assertEquals(LifecycleStateChange.DROP, lifecycle(output));
    assertEquals(Optional.of("default_dropped_ext"), visitor.jobNameSuffixOf(drop));
  }

  @Test
  public void aTableTheCatalogHasForgottenIsItsDefaultPath() {
    LocalSpark.session().sql("CREATE TABLE dropped_managed (a INT) USING parquet");
    DropTable drop = Executions.rootOfSql(DropTable.class, "DROP TABLE dropped_managed");

    OpenLineage.OutputDataset output = only(visitor.apply(drop));
    assertEquals(managedTable("dropped_managed"), id(output));
    assertEquals(LifecycleStateChange.DROP, lifecycle(output));
  }

  @Test
  public void aV2TableIsNamedByItsCatalog() {
    LocalSpark.session().sql("CREATE TABLE testcat.dropping.t (a INT)");
    DropTable drop = Executions.rootOfSql(DropTable.class, "DROP TABLE testcat.dropping.t");

    OpenLineage.OutputDataset output = only(visitor.apply(drop));
    assertEquals("testcat dropping.t", id(output));
    assertEquals(List.of(), symlinks(output));
    assertEquals(LifecycleStateChange.DROP, lifecycle(output));
    assertEquals(Optional.of("dropping.t"), visitor.jobNameSuffixOf(drop));
  }

  @Test
  public void doesNotFireOnDropView() {
    LocalSpark.session().sql("CREATE VIEW dropped_view AS SELECT 1 AS a");
    LogicalPlan drop = Executions.planned("DROP VIEW dropped_view");

    assertFalse(visitor.isDefinedAt(drop));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(drop));
  }
}
