package io.headwater.spark.connectors.catalog;

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
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.command.SaveAsV1TableCommand;
import org.junit.Test;

/** {@link SaveAsV1TableVisitor} on the root of {@code saveAsTable} into a V1 source. */
public class SaveAsV1TableVisitorTest {
  private final SaveAsV1TableVisitor visitor = new SaveAsV1TableVisitor(LocalSpark.context());

  @Test
  public void saveAsTableCreatesTheTable() {
    Dataset<Row> rows =
        LocalSpark.session().range(2).selectExpr("id AS a", "CAST(id AS STRING) AS b");
    List<QueryExecution> executions =
        Executions.of(() -> rows.write().format("parquet").saveAsTable("saved_v1"));
    SaveAsV1TableCommand save =
        (SaveAsV1TableCommand) executions.get(executions.size() - 1).optimizedPlan();

    assertTrue(visitor.isDefinedAt(save));
    OpenLineage.OutputDataset output = only(visitor.apply(save));
    assertEquals(managedTable("saved_v1"), id(output));
    assertEquals(List.of(tableSymlink("saved_v1")), symlinks(output));
    assertEquals(List.of("a:long", "b:string"), schema(output));
    assertEquals(LifecycleStateChange.CREATE, lifecycle(output));
    assertEquals(Optional.of("default_saved_v1"), visitor.jobNameSuffixOf(save));

    for (QueryExecution inner : executions.subList(0, executions.size() - 1)) {
      assertFalse(inner.optimizedPlan().nodeName(), visitor.isDefinedAt(inner.optimizedPlan()));
    }
  }
}
