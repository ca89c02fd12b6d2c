package io.headwater.spark.connectors.v2;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.lifecycle;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.AppendData;
import org.apache.spark.sql.catalyst.plans.logical.OverwritePartitionsDynamic;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@link V2OverwriteVisitor#partitionsDynamic} on a real dynamic partition overwrite. */
public class OverwritePartitionsDynamicVisitorTest {
  private final V2OverwriteVisitor<OverwritePartitionsDynamic> visitor =
      V2OverwriteVisitor.partitionsDynamic(LocalSpark.context());

  @BeforeClass
  public static void createTable() {
    LocalSpark.session()
        .sql("CREATE TABLE testcat.dynamic.t (a BIGINT, p STRING) PARTITIONED BY (p)");
  }

  @Test
  public void overwritePartitionsOverwritesTheTable() {
    OverwritePartitionsDynamic overwrite =
        Executions.root(
            OverwritePartitionsDynamic.class,
            () -> {
              try {
                LocalSpark.session()
                    .range(2)
                    .selectExpr("id AS a", "'x' AS p")
                    .writeTo("testcat.dynamic.t")
                    .overwritePartitions();
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });

    assertTrue(visitor.isDefinedAt(overwrite));
    OpenLineage.OutputDataset output = only(visitor.apply(overwrite));
    assertEquals("testcat dynamic.t", id(output));
    assertEquals(List.of("a:long", "p:string"), schema(output));
    assertEquals(LifecycleStateChange.OVERWRITE, lifecycle(output));
    assertEquals(Optional.of("testcat.dynamic.t"), visitor.jobNameSuffixOf(overwrite));
  }

  @Test
  public void doesNotFireOnAnAppend() {
    AppendData append =
        Executions.rootOfSql(AppendData.class, "INSERT INTO testcat.dynamic.t VALUES (1, 'y')");

    assertFalse(visitor.isDefinedAt(append));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(append));
  }
}
