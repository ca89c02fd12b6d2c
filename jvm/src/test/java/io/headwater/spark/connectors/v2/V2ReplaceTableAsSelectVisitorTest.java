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
import org.apache.spark.sql.catalyst.plans.logical.OverwriteByExpression;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceTableAsSelect;
import org.apache.spark.sql.execution.QueryExecution;
import org.junit.Test;

/** {@link V2CreateTableVisitor#replaceAsSelect} on an RTAS in a DataSourceV2 catalog. */
public class V2ReplaceTableAsSelectVisitorTest {
  private final V2CreateTableVisitor<ReplaceTableAsSelect> visitor =
      V2CreateTableVisitor.replaceAsSelect(LocalSpark.context());

  @Test
  public void anRtasOverwritesTheTableWithTheQuerysSchema() {
    List<QueryExecution> executions =
        Executions.ofSql("CREATE OR REPLACE TABLE testcat.rtas.t AS SELECT 'v' AS b");
    ReplaceTableAsSelect rtas =
        (ReplaceTableAsSelect)
            executions.stream()
                .map(QueryExecution::optimizedPlan)
                .filter(ReplaceTableAsSelect.class::isInstance)
                .findFirst()
                .orElseThrow();

    assertTrue(visitor.isDefinedAt(rtas));
    OpenLineage.OutputDataset output = only(visitor.apply(rtas));
    assertEquals("testcat rtas.t", id(output));
    assertEquals(List.of("b:string"), schema(output));
    assertEquals(LifecycleStateChange.OVERWRITE, lifecycle(output));
    assertEquals(Optional.of("rtas.t"), visitor.jobNameSuffixOf(rtas));

    OverwriteByExpression write =
        (OverwriteByExpression)
            executions.stream()
                .map(QueryExecution::optimizedPlan)
                .filter(OverwriteByExpression.class::isInstance)
                .findFirst()
                .orElseThrow();
    assertFalse(visitor.isDefinedAt(write));
  }
}
