package io.headwater.spark.connectors.v2;

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

import io.headwater.spark.junit.DeltaTables;
import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.AppendData;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.OverwriteByExpression;
import org.junit.Test;

/** {@link AppendDataVisitor} on real appends to DataSourceV2 tables. */
public class AppendDataVisitorTest {
  private final AppendDataVisitor visitor = new AppendDataVisitor(LocalSpark.context());

  @Test
  public void anInsertIntoACatalogTableIsTheTable() {
    LocalSpark.session().sql("CREATE TABLE testcat.appended.t (a INT, b STRING)");
    AppendData append =
        Executions.rootOfSql(AppendData.class, "INSERT INTO testcat.appended.t VALUES (1, 'x')");

    assertTrue(visitor.isDefinedAt(append));
    OpenLineage.OutputDataset output = only(visitor.apply(append));
    assertEquals("testcat appended.t", id(output));
    assertEquals(List.of("a:integer", "b:string"), schema(output));
    assertEquals(List.of(), symlinks(output));
    assertNull(lifecycle(output));
    assertEquals(Optional.of("testcat.appended.t"), visitor.jobNameSuffixOf(append));
  }

  @Test
  public void aTableWithALocationIsThatLocationWithASymlink() {
    Path location = LocalSpark.newDirectory("appended").resolve("located");
    LocalSpark.session()
        .sql("CREATE TABLE testcat.appended.located (a INT) LOCATION '" + location + "'");
    AppendData append =
        Executions.rootOfSql(AppendData.class, "INSERT INTO testcat.appended.located VALUES (1)");

    OpenLineage.OutputDataset output = only(visitor.apply(append));
    assertEquals("file " + location, id(output));
    assertEquals(List.of("testcat appended.located TABLE"), symlinks(output));
  }

  @Test
  public void aTableDeclaringItsDatasetIsThatDataset() {
    LocalSpark.session()
        .sql(
            "CREATE TABLE testcat.appended.declared (a INT) TBLPROPERTIES ("
                + "'openlineage.dataset.namespace' = 'kafka://broker:9092',"
                + " 'openlineage.dataset.name' = 'orders')");
    AppendData append =
        Executions.rootOfSql(AppendData.class, "INSERT INTO testcat.appended.declared VALUES (1)");

    assertTrue(visitor.isDefinedAt(append));
    OpenLineage.OutputDataset output = only(visitor.apply(append));
    assertEquals("kafka://broker:9092 orders", id(output));
    assertEquals(List.of("a:integer"), schema(output));
  }

  @Test
  public void aDeltaSessionCatalogTableIsNamedLikeAV1Table() {
    LogicalPlan append =
        Executions.planned("INSERT INTO " + DeltaTables.catalogTable() + " VALUES (9, 'z')");

    assertTrue(append instanceof AppendData);
    OpenLineage.OutputDataset output = only(visitor.apply(append));
    assertEquals("file " + DeltaTables.path(), id(output));
    assertEquals(List.of(tableSymlink(DeltaTables.CATALOG_TABLE)), symlinks(output));
    assertEquals(
        Optional.of("default." + DeltaTables.CATALOG_TABLE), visitor.jobNameSuffixOf(append));
  }

  @Test
  public void doesNotFireOnATableWithoutCatalog() {
    AppendData append =
        Executions.root(
            AppendData.class,
            () -> LocalSpark.session().range(1).write().format("noop").mode("append").save());

    assertFalse(visitor.isDefinedAt(append));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(append));
  }

  @Test
  public void doesNotFireOnAnOverwrite() {
    LocalSpark.session().sql("CREATE TABLE testcat.appended.other (a INT)");
    OverwriteByExpression overwrite =
        Executions.rootOfSql(
            OverwriteByExpression.class, "INSERT OVERWRITE testcat.appended.other VALUES (1)");

    assertFalse(visitor.isDefinedAt(overwrite));
  }
}
