package io.headwater.spark.connectors.hive;

import static io.headwater.spark.junit.Datasets.id;
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
import java.util.List;
import org.apache.spark.sql.catalyst.catalog.HiveTableRelation;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@link HiveTableRelationInputVisitor} on reads of Hive tables. */
public class HiveTableRelationInputVisitorTest {
  private final HiveTableRelationInputVisitor visitor =
      new HiveTableRelationInputVisitor(LocalSpark.context());

  @BeforeClass
  public static void createTables() {
    LocalSpark.session().sql("CREATE TABLE hive_text (a INT, b STRING) STORED AS textfile");
    LocalSpark.session().sql("CREATE TABLE hive_parquet (a INT) STORED AS parquet");
  }

  @Test
  public void aTextTableIsReadAsAHiveRelation() {
    HiveTableRelation read =
        Executions.first(Executions.optimized("SELECT * FROM hive_text"), HiveTableRelation.class);

    assertTrue(visitor.isDefinedAt(read));
    OpenLineage.InputDataset input = only(visitor.apply(read));
    assertEquals(managedTable("hive_text"), id(input));
    assertEquals(List.of(tableSymlink("hive_text")), symlinks(input));
    assertEquals(List.of("a:integer", "b:string"), schema(input));
  }

  @Test
  public void doesNotFireOnAHiveParquetTableSparkReadsItself() {
    LogicalRelation read =
        Executions.first(Executions.optimized("SELECT * FROM hive_parquet"), LogicalRelation.class);

    assertFalse(visitor.isDefinedAt(read));
    assertFalse(visitor.isDefinedAt(Executions.optimized("SELECT 1 AS one")));
  }
}
