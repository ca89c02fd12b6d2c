package io.headwater.spark.connectors.v2;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static io.headwater.spark.junit.Datasets.symlinks;
import static io.headwater.spark.junit.Datasets.version;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.IcebergTables;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@link DataSourceV2ScanRelationInputVisitor} on optimized reads of DataSourceV2 tables. */
public class DataSourceV2ScanRelationInputVisitorTest {
  private final DataSourceV2ScanRelationInputVisitor visitor =
      new DataSourceV2ScanRelationInputVisitor(LocalSpark.context());

  @BeforeClass
  public static void createTables() {
    LocalSpark.session().sql("CREATE TABLE testcat.scanned.t (a INT, b STRING)");
  }

  private static DataSourceV2ScanRelation scanOf(String sql) {
    return Executions.first(Executions.optimized(sql), DataSourceV2ScanRelation.class);
  }

  @Test
  public void aCatalogTableIsReadWithAllItsColumns() {
    DataSourceV2ScanRelation scan = scanOf("SELECT a FROM testcat.scanned.t");

    assertTrue(visitor.isDefinedAt(scan));
    OpenLineage.InputDataset input = only(visitor.apply(scan));
    assertEquals("testcat scanned.t", id(input));
    assertEquals(List.of("a:integer", "b:string"), schema(input));
    assertNull(version(input));
  }

  @Test
  public void anIcebergReadIsItsLocationWithTheSnapshotRead() {
    OpenLineage.InputDataset input =
        only(visitor.apply(scanOf("SELECT * FROM " + IcebergTables.events())));

    assertEquals("file " + IcebergTables.location(), id(input));
    assertEquals(List.of("iceberg db.events TABLE"), symlinks(input));
    assertEquals(IcebergTables.snapshotId(), version(input));
  }

  @Test
  public void anIcebergMetadataTableIsNamedByItsCatalog() {
    OpenLineage.InputDataset input =
        only(visitor.apply(scanOf("SELECT * FROM " + IcebergTables.events() + ".snapshots")));

    assertEquals("iceberg db.events.snapshots", id(input));
    assertEquals(List.of(), symlinks(input));
  }

  @Test
  public void aTableDeclaringItsDatasetIsThatDataset() {
    LocalSpark.session()
        .sql(
            "CREATE TABLE testcat.scanned.declared (a INT) TBLPROPERTIES ("
                + "'openlineage.dataset.namespace' = 'kafka://broker:9092',"
                + " 'openlineage.dataset.name' = 'clicks')");

    OpenLineage.InputDataset input =
        only(visitor.apply(scanOf("SELECT * FROM testcat.scanned.declared")));
    assertEquals("kafka://broker:9092 clicks", id(input));
    assertEquals(List.of("a:integer"), schema(input));
  }

  @Test
  public void doesNotFireOnAPathBasedSource() {
    SparkSession spark = LocalSpark.session();
    Path files = LocalSpark.newDirectory("scanned").resolve("t");
    spark.range(1).write().parquet(files.toString());
    DataSourceV2ScanRelation scan;
    spark.conf().set("spark.sql.sources.useV1SourceList", "");
    try {
      scan =
          Executions.first(
              spark.read().parquet(files.toString()).queryExecution().optimizedPlan(),
              DataSourceV2ScanRelation.class);
    } finally {
      spark.conf().unset("spark.sql.sources.useV1SourceList");
    }

    assertFalse(visitor.isDefinedAt(scan));
    LogicalRelation v1 =
        Executions.first(
            Executions.optimized("SELECT * FROM parquet.`" + files + "`"), LogicalRelation.class);
    assertFalse(visitor.isDefinedAt(v1));
  }
}
