package io.headwater.spark.connectors.files;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.managedTable;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static io.headwater.spark.junit.Datasets.symlinks;
import static io.headwater.spark.junit.Datasets.tableSymlink;
import static io.headwater.spark.junit.Datasets.version;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.DeltaTables;
import io.headwater.spark.junit.DerbyServer;
import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.FileStreams;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@link HadoopFsRelationInputVisitor} on the file relations of real reads. */
public class HadoopFsRelationInputVisitorTest {
  private static Path events;
  private final HadoopFsRelationInputVisitor visitor =
      new HadoopFsRelationInputVisitor(LocalSpark.context());

  /** {@code events}: parquet, (a BIGINT) partitioned by p STRING; {@code fs_read}: a table. */
  @BeforeClass
  public static void writeFiles() {
    SparkSession spark = LocalSpark.session();
    events = LocalSpark.newDirectory("hadoopfs").resolve("events");
    spark
        .range(4)
        .selectExpr("id AS a", "IF(id % 2 = 0, 'even', 'odd') AS p")
        .write()
        .partitionBy("p")
        .parquet(events.toString());
    spark.sql("CREATE TABLE fs_read USING parquet AS SELECT id AS a FROM range(2)");
  }

  private static LogicalRelation relationOf(String sql) {
    return Executions.first(Executions.optimized(sql), LogicalRelation.class);
  }

  @Test
  public void aPathReadIsTheDirectoryWithTheRelationsSchema() {
    LogicalRelation read = relationOf("SELECT * FROM parquet.`" + events + "`");

    assertTrue(visitor.isDefinedAt(read));
    OpenLineage.InputDataset input = only(visitor.apply(read));
    assertEquals("file " + events, id(input));
    assertEquals(List.of("a:long", "p:string"), schema(input));
    assertEquals(List.of(), symlinks(input));
    assertNull(version(input));
  }

  @Test
  public void aPartitionDirectoryNamesThePartitionedDataset() {
    LogicalRelation read =
        Executions.first(
            LocalSpark.session()
                .read()
                .parquet(events.resolve("p=odd").toString())
                .queryExecution()
                .optimizedPlan(),
            LogicalRelation.class);

    assertEquals("file " + events, id(only(visitor.apply(read))));
  }

  @Test
  public void aCatalogTableIsItsLocationWithASymlink() {
    OpenLineage.InputDataset input = only(visitor.apply(relationOf("SELECT * FROM fs_read")));

    assertEquals(managedTable("fs_read"), id(input));
    assertEquals(List.of(tableSymlink("fs_read")), symlinks(input));
    assertEquals(List.of("a:long"), schema(input));
  }

  @Test
  public void aDeltaReadCarriesTheVersionRead() {
    String table = DeltaTables.path();
    OpenLineage.InputDataset input =
        only(visitor.apply(relationOf("SELECT * FROM delta.`" + table + "`")));

    assertEquals("file " + table, id(input));
    assertEquals("0", version(input));
    assertEquals(List.of("a:long", "b:string"), schema(input));
  }

  @Test
  public void aMicroBatchOfAFileStreamIsTheSourceDirectory() {
    LogicalRelation batch =
        Executions.first(FileStreams.parquetBatch().logical(), LogicalRelation.class);

    assertTrue(batch.isStreaming());
    assertEquals("file " + FileStreams.source(), id(only(visitor.apply(batch))));
  }

  @Test
  public void deltaReadingItsTransactionLogIsNoDataset() {
    LogicalRelation log =
        Executions.first(
            LocalSpark.session()
                .read()
                .text(DeltaTables.path() + "/_delta_log")
                .queryExecution()
                .optimizedPlan(),
            LogicalRelation.class);

    assertTrue(visitor.isDefinedAt(log));
    assertEquals(List.of(), visitor.apply(log));
  }

  @Test
  public void doesNotFireOnOtherRelations() {
    DerbyServer.execute("CREATE TABLE fs_negative (id INT)");
    LogicalRelation jdbc =
        Executions.first(
            LocalSpark.session()
                .read()
                .jdbc(DerbyServer.url(), "fs_negative", new Properties())
                .queryExecution()
                .optimizedPlan(),
            LogicalRelation.class);
    LocalSpark.session().sql("CREATE TABLE testcat.fs.t (a INT)");
    DataSourceV2ScanRelation v2 =
        Executions.first(
            Executions.optimized("SELECT * FROM testcat.fs.t"), DataSourceV2ScanRelation.class);

    assertFalse(visitor.isDefinedAt(jdbc));
    assertFalse(visitor.isDefinedAt(v2));
    assertFalse(visitor.isDefinedAt(Executions.optimized("SELECT 1 AS one")));
  }
}
