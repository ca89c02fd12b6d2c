package io.headwater.spark.connectors.v2;

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
import org.apache.spark.sql.catalyst.plans.logical.CreateTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.junit.Test;

/** {@link V2CreateTableVisitor#create} on {@code CREATE TABLE} in DataSourceV2 catalogs. */
public class V2CreateTableVisitorTest {
  private final V2CreateTableVisitor<CreateTable> visitor =
      V2CreateTableVisitor.create(LocalSpark.context());

  @Test
  public void aCatalogTableWithoutLocationIsNamedByTheCatalog() {
    CreateTable create =
        Executions.rootOfSql(CreateTable.class, "CREATE TABLE testcat.created.t (a INT, b STRING)");

    assertTrue(visitor.isDefinedAt(create));
    OpenLineage.OutputDataset output = only(visitor.apply(create));
    assertEquals("testcat created.t", id(output));
    assertEquals(List.of("a:integer", "b:string"), schema(output));
    assertEquals(List.of(), symlinks(output));
    assertEquals(LifecycleStateChange.CREATE, lifecycle(output));
    assertEquals(Optional.of("created.t"), visitor.jobNameSuffixOf(create));
  }

  @Test
  public void aLocationIsTheIdentity() {
    Path location = LocalSpark.newDirectory("created").resolve("v2");
    LogicalPlan create =
        Executions.planned(
            "CREATE TABLE testcat.created.located (a INT) LOCATION '" + location + "'");

    OpenLineage.OutputDataset output = only(visitor.apply(create));
    assertEquals("file " + location, id(output));
    assertEquals(List.of("testcat created.located TABLE"), symlinks(output));
  }

  @Test
  public void anIcebergHadoopCatalogTableIsAtItsWarehousePath() {
    LogicalPlan create = Executions.planned("CREATE TABLE iceberg.db.planned (a INT)");

    OpenLineage.OutputDataset output = only(visitor.apply(create));
    assertEquals(
        "file " + LocalSpark.ROOT.resolve("iceberg").resolve("db").resolve("planned"), id(output));
    assertEquals(List.of("iceberg db.planned TABLE"), symlinks(output));
  }

  @Test
  public void aDeltaSessionCatalogTableIsNamedLikeAV1Table() {
    LogicalPlan create = Executions.planned("CREATE TABLE created_delta (a INT) USING delta");

    assertTrue(create instanceof CreateTable);
    OpenLineage.OutputDataset output = only(visitor.apply(create));
    assertEquals(managedTable("created_delta"), id(output));
    assertEquals(List.of(tableSymlink("created_delta")), symlinks(output));
    assertEquals(Optional.of("default.created_delta"), visitor.jobNameSuffixOf(create));
  }

  @Test
  public void aTableDeclaringItsDatasetIsThatDatasetWithTheDeclaredFacets() {
    LogicalPlan create =
        Executions.planned(
            "CREATE TABLE testcat.created.declared (a INT) TBLPROPERTIES ("
                + "'openlineage.dataset.namespace' = 'kafka://broker:9092',"
                + " 'openlineage.dataset.name' = 'orders',"
                + " 'openlineage.dataset.facets.documentation' = '{\"description\": \"Orders\"}')");

    OpenLineage.OutputDataset output = only(visitor.apply(create));
    assertEquals("kafka://broker:9092 orders", id(output));
    assertEquals("Orders", output.getFacets().getDocumentation().getDescription());
    assertEquals(LifecycleStateChange.CREATE, lifecycle(output));
  }

  @Test
  public void doesNotFireOnOtherCreates() {
    assertFalse(
        visitor.isDefinedAt(
            Executions.planned("CREATE TABLE testcat.created.ctas AS SELECT 1 AS a")));
    assertFalse(
        visitor.isDefinedAt(Executions.planned("CREATE TABLE created_v1 (a INT) USING parquet")));
  }
}
