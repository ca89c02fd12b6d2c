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
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.execution.command.CreateDataSourceTableAsSelectCommand;
import org.apache.spark.sql.execution.datasources.InsertIntoHadoopFsRelationCommand;
import org.junit.Test;

/**
 * {@link CreateDataSourceTableAsSelectVisitor} on V1 CTAS roots: {@code CREATE TABLE ... AS SELECT}
 * and the execution {@code saveAsTable} runs, in each save mode.
 */
public class CreateDataSourceTableAsSelectVisitorTest {
  private final CreateDataSourceTableAsSelectVisitor visitor =
      new CreateDataSourceTableAsSelectVisitor(LocalSpark.context());

  private static Dataset<Row> rows() {
    return LocalSpark.session().range(2).selectExpr("id AS a", "CAST(id AS STRING) AS b");
  }

  @Test
  public void aCtasCreatesTheTableWithTheQuerysSchema() {
    CreateDataSourceTableAsSelectCommand ctas =
        Executions.rootOfSql(
            CreateDataSourceTableAsSelectCommand.class,
            "CREATE TABLE ctas_v1 USING parquet AS SELECT id AS x, 'v' AS y FROM range(1)");

    assertTrue(visitor.isDefinedAt(ctas));
    OpenLineage.OutputDataset output = only(visitor.apply(ctas));
    assertEquals(managedTable("ctas_v1"), id(output));
    assertEquals(List.of(tableSymlink("ctas_v1")), symlinks(output));
    assertEquals(List.of("x:long", "y:string"), schema(output));
    assertEquals(LifecycleStateChange.CREATE, lifecycle(output));
    assertEquals(Optional.of("default_ctas_v1"), visitor.jobNameSuffixOf(ctas));
  }

  @Test
  public void saveAsTableOverwritingIsAnOverwrite() {
    CreateDataSourceTableAsSelectCommand ctas =
        Executions.root(
            CreateDataSourceTableAsSelectCommand.class,
            () -> rows().write().mode("overwrite").format("parquet").saveAsTable("ctas_over"));

    OpenLineage.OutputDataset output = only(visitor.apply(ctas));
    assertEquals(managedTable("ctas_over"), id(output));
    assertEquals(LifecycleStateChange.OVERWRITE, lifecycle(output));
  }

  @Test
  public void saveAsTableAppendingHasNoLifecycleChange() {
    LocalSpark.session().sql("CREATE TABLE ctas_append (a BIGINT, b STRING) USING parquet");
    CreateDataSourceTableAsSelectCommand ctas =
        Executions.root(
            CreateDataSourceTableAsSelectCommand.class,
            () -> rows().write().mode("append").format("parquet").saveAsTable("ctas_append"));

    assertNull(lifecycle(only(visitor.apply(ctas))));
  }

  @Test
  public void aCtasIfNotExistsCreatesATableThatDoesNotExistYet() {
    CreateDataSourceTableAsSelectCommand ctas =
        (CreateDataSourceTableAsSelectCommand)
            Executions.planned(
                "CREATE TABLE IF NOT EXISTS ctas_new USING parquet AS SELECT 1 AS a");

    assertEquals(SaveMode.Ignore, ctas.mode());
    assertEquals(LifecycleStateChange.CREATE, lifecycle(only(visitor.apply(ctas))));
  }

  @Test
  public void aCtasIfNotExistsOfAnExistingTableChangesNothing() {
    LocalSpark.session().sql("CREATE TABLE ctas_kept (a INT) USING parquet");
    CreateDataSourceTableAsSelectCommand ctas =
        (CreateDataSourceTableAsSelectCommand)
            Executions.planned(
                "CREATE TABLE IF NOT EXISTS ctas_kept USING parquet AS SELECT 1 AS a");

    assertNull(lifecycle(only(visitor.apply(ctas))));
  }

  @Test
  public void doesNotFireOnTheInsertItRuns() {
    InsertIntoHadoopFsRelationCommand insert =
        Executions.rootOfSql(
            InsertIntoHadoopFsRelationCommand.class,
            "CREATE TABLE ctas_inner USING parquet AS SELECT 1 AS a");

    assertFalse(visitor.isDefinedAt(insert));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(insert));
  }
}
