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
import org.apache.spark.sql.catalyst.plans.logical.ReplaceTable;
import org.junit.Test;

/**
 * {@link V2CreateTableVisitor#replace} on {@code CREATE OR REPLACE TABLE} in a DataSourceV2
 * catalog.
 */
public class V2ReplaceTableVisitorTest {
  private final V2CreateTableVisitor<ReplaceTable> visitor =
      V2CreateTableVisitor.replace(LocalSpark.context());

  @Test
  public void replacingATableOverwritesIt() {
    LocalSpark.session().sql("CREATE TABLE testcat.replaced.t (a INT)");
    ReplaceTable replace =
        Executions.rootOfSql(
            ReplaceTable.class, "CREATE OR REPLACE TABLE testcat.replaced.t (a INT, b STRING)");

    assertTrue(visitor.isDefinedAt(replace));
    OpenLineage.OutputDataset output = only(visitor.apply(replace));
    assertEquals("testcat replaced.t", id(output));
    assertEquals(List.of("a:integer", "b:string"), schema(output));
    assertEquals(LifecycleStateChange.OVERWRITE, lifecycle(output));
    assertEquals(Optional.of("replaced.t"), visitor.jobNameSuffixOf(replace));
  }

  @Test
  public void doesNotFireOnOtherCreates() {
    assertFalse(visitor.isDefinedAt(Executions.planned("CREATE TABLE testcat.replaced.n (a INT)")));
    assertFalse(
        visitor.isDefinedAt(
            Executions.planned("CREATE OR REPLACE TABLE testcat.replaced.r AS SELECT 1 AS a")));
  }
}
