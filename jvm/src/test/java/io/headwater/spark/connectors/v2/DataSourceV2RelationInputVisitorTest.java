package io.headwater.spark.connectors.v2;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.CreateTableAsSelect;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.junit.Test;

/**
 * {@link DataSourceV2RelationInputVisitor} on the unoptimized relations inside a CTAS query, and on
 * relations it must not name.
 */
public class DataSourceV2RelationInputVisitorTest {
  private final DataSourceV2RelationInputVisitor visitor =
      new DataSourceV2RelationInputVisitor(LocalSpark.context());

  @Test
  public void aTableReadByACtasQueryIsAnInput() {
    LocalSpark.session().sql("CREATE TABLE testcat.related.src (a INT, b STRING)");
    CreateTableAsSelect ctas =
        Executions.rootOfSql(
            CreateTableAsSelect.class,
            "CREATE TABLE testcat.related.copy AS SELECT a FROM testcat.related.src");
    DataSourceV2Relation read = Executions.first(ctas.query(), DataSourceV2Relation.class);

    assertTrue(visitor.isDefinedAt(read));
    OpenLineage.InputDataset input = only(visitor.apply(read));
    assertEquals("testcat related.src", id(input));
    assertEquals(List.of("a:integer", "b:string"), schema(input));
  }

  @Test
  public void doesNotFireOnAPathBasedRelationNorOnAScan() {
    SparkSession spark = LocalSpark.session();
    Path files = LocalSpark.newDirectory("related").resolve("t");
    spark.range(1).write().parquet(files.toString());
    DataSourceV2Relation pathBased;
    spark.conf().set("spark.sql.sources.useV1SourceList", "");
    try {
      pathBased =
          Executions.first(
              spark.read().parquet(files.toString()).queryExecution().analyzed(),
              DataSourceV2Relation.class);
    } finally {
      spark.conf().unset("spark.sql.sources.useV1SourceList");
    }
    LocalSpark.session().sql("CREATE TABLE testcat.related.scanned (a INT)");
    DataSourceV2ScanRelation scan =
        Executions.first(
            Executions.optimized("SELECT * FROM testcat.related.scanned"),
            DataSourceV2ScanRelation.class);

    assertFalse(visitor.isDefinedAt(pathBased));
    assertFalse(visitor.isDefinedAt(scan));
  }
}
