package io.headwater.spark.connectors.hive;

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
import org.apache.spark.sql.execution.datasources.InsertIntoHadoopFsRelationCommand;
import org.apache.spark.sql.hive.execution.InsertIntoHiveTable;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@link InsertIntoHiveTableVisitor} on inserts into a Hive text table. */
public class InsertIntoHiveTableVisitorTest {
  private final InsertIntoHiveTableVisitor visitor =
      new InsertIntoHiveTableVisitor(LocalSpark.context());

  @BeforeClass
  public static void createTables() {
    LocalSpark.session().sql("CREATE TABLE hive_insert (a INT, b STRING) STORED AS textfile");
    LocalSpark.session().sql("CREATE TABLE hive_insert_ds (a INT) USING parquet");
  }

  @Test
  public void anInsertWritesTheTableUnderItsColumnNames() {
    InsertIntoHiveTable insert =
        Executions.rootOfSql(
            InsertIntoHiveTable.class, "INSERT INTO hive_insert SELECT 1 AS x, 'v' AS y");

    assertTrue(visitor.isDefinedAt(insert));
    OpenLineage.OutputDataset output = only(visitor.apply(insert));
    assertEquals(managedTable("hive_insert"), id(output));
    assertEquals(List.of(tableSymlink("hive_insert")), symlinks(output));
    assertEquals(List.of("a:integer", "b:string"), schema(output));
    assertNull(lifecycle(output));
    assertEquals(Optional.of("default_hive_insert"), visitor.jobNameSuffixOf(insert));
  }

  @Test
  public void anInsertOverwriteOverwritesIt() {
    InsertIntoHiveTable insert =
        Executions.rootOfSql(
            InsertIntoHiveTable.class, "INSERT OVERWRITE TABLE hive_insert SELECT 2, 'w'");

    assertEquals(LifecycleStateChange.OVERWRITE, lifecycle(only(visitor.apply(insert))));
  }

  @Test
  public void doesNotFireOnAnInsertIntoADataSourceTable() {
    InsertIntoHadoopFsRelationCommand insert =
        Executions.rootOfSql(
            InsertIntoHadoopFsRelationCommand.class, "INSERT INTO hive_insert_ds VALUES (1)");

    assertFalse(visitor.isDefinedAt(insert));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(insert));
  }
}
