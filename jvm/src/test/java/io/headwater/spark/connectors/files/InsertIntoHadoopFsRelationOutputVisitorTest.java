package io.headwater.spark.connectors.files;

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
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.command.CreateDataSourceTableAsSelectCommand;
import org.apache.spark.sql.execution.datasources.InsertIntoHadoopFsRelationCommand;
import org.junit.Test;

/** {@link InsertIntoHadoopFsRelationOutputVisitor} on the roots of real file writes. */
public class InsertIntoHadoopFsRelationOutputVisitorTest {
  private final InsertIntoHadoopFsRelationOutputVisitor visitor =
      new InsertIntoHadoopFsRelationOutputVisitor(LocalSpark.context());

  private static Dataset<Row> rows() {
    return LocalSpark.session().range(2).selectExpr("id AS a", "CAST(id AS STRING) AS b");
  }

  @Test
  public void anOverwriteOfAPathIsThePathWithLifecycleOverwrite() {
    Path out = LocalSpark.newDirectory("write").resolve("out");
    InsertIntoHadoopFsRelationCommand write =
        Executions.root(
            InsertIntoHadoopFsRelationCommand.class,
            () -> rows().write().mode("overwrite").parquet(out.toString()));

    assertTrue(visitor.isDefinedAt(write));
    OpenLineage.OutputDataset output = only(visitor.apply(write));
    assertEquals("file " + out, id(output));
    assertEquals(List.of("a:long", "b:string"), schema(output));
    assertEquals(LifecycleStateChange.OVERWRITE, lifecycle(output));
    assertEquals(List.of(), symlinks(output));
    assertEquals(
        Optional.of(out.getParent().getFileName() + "_out"), visitor.jobNameSuffixOf(write));
  }

  @Test
  public void anAppendHasNoLifecycleChange() {
    Path out = LocalSpark.newDirectory("write").resolve("appended");
    InsertIntoHadoopFsRelationCommand write =
        Executions.root(
            InsertIntoHadoopFsRelationCommand.class,
            () -> rows().write().mode("append").csv(out.toString()));

    assertNull(lifecycle(only(visitor.apply(write))));
  }

  @Test
  public void anInsertIntoATableIsTheTableUnderItsColumnNames() {
    LocalSpark.session().sql("CREATE TABLE fs_written (x BIGINT, y STRING) USING parquet");
    InsertIntoHadoopFsRelationCommand insert =
        Executions.rootOfSql(
            InsertIntoHadoopFsRelationCommand.class,
            "INSERT INTO fs_written SELECT id AS a, 'v' AS b FROM range(1)");

    OpenLineage.OutputDataset output = only(visitor.apply(insert));
    assertEquals(managedTable("fs_written"), id(output));
    assertEquals(List.of(tableSymlink("fs_written")), symlinks(output));
    assertEquals(List.of("x:long", "y:string"), schema(output));
    assertNull(lifecycle(output));
    assertEquals(Optional.of("default_fs_written"), visitor.jobNameSuffixOf(insert));
  }

  @Test
  public void doesNotFireOnOtherCommands() {
    CreateDataSourceTableAsSelectCommand ctas =
        Executions.rootOfSql(
            CreateDataSourceTableAsSelectCommand.class,
            "CREATE TABLE fs_ctas USING parquet AS SELECT 1 AS a");

    assertFalse(visitor.isDefinedAt(ctas));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(ctas));
    assertFalse(visitor.isDefinedAt(Executions.optimized("SELECT 1 AS one")));
  }
}
