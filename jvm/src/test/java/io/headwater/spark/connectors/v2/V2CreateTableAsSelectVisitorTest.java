package io.headwater.spark.connectors.v2;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.lifecycle;
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
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.AppendData;
import org.apache.spark.sql.catalyst.plans.logical.CreateTableAsSelect;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.QueryExecution;
import org.junit.Test;

/** {@link V2CreateTableVisitor#createAsSelect} on CTAS into DataSourceV2 catalogs. */
public class V2CreateTableAsSelectVisitorTest {
  private final V2CreateTableVisitor<CreateTableAsSelect> visitor =
      V2CreateTableVisitor.createAsSelect(LocalSpark.context());

  @Test
  public void aCtasCreatesTheTableWithTheQuerysSchema() {
    List<QueryExecution> executions =
        Executions.ofSql(
            "CREATE TABLE testcat.ctas.t AS SELECT id AS a, CAST(id AS STRING) AS b FROM range(2)");
    CreateTableAsSelect ctas = root(executions, CreateTableAsSelect.class);

    assertTrue(visitor.isDefinedAt(ctas));
    OpenLineage.OutputDataset output = only(visitor.apply(ctas));
    assertEquals("testcat ctas.t", id(output));
    assertEquals(List.of("a:long", "b:string"), schema(output));
    assertEquals(LifecycleStateChange.CREATE, lifecycle(output));
    assertEquals(Optional.of("ctas.t"), visitor.jobNameSuffixOf(ctas));

    AppendData write = root(executions, AppendData.class);
    assertFalse(visitor.isDefinedAt(write));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(write));
  }

  @Test
  public void aDeltaSessionCatalogCtasIsNamedLikeAV1Table() {
    LogicalPlan ctas =
        Executions.planned("CREATE TABLE ctas_delta USING delta AS SELECT 1L AS a, 'x' AS b");

    assertTrue(ctas instanceof CreateTableAsSelect);
    OpenLineage.OutputDataset output = only(visitor.apply(ctas));
    assertEquals(managedTable("ctas_delta"), id(output));
    assertEquals(List.of(tableSymlink("ctas_delta")), symlinks(output));
    assertEquals(List.of("a:long", "b:string"), schema(output));
    assertEquals(Optional.of("default.ctas_delta"), visitor.jobNameSuffixOf(ctas));
  }

  private static <T> T root(List<QueryExecution> executions, Class<T> type) {
    return executions.stream()
        .map(QueryExecution::optimizedPlan)
        .filter(type::isInstance)
        .map(type::cast)
        .findFirst()
        .orElseThrow();
  }
}
