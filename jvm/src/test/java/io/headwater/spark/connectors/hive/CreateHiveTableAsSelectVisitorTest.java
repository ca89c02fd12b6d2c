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
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.hive.execution.CreateHiveTableAsSelectCommand;
import org.apache.spark.sql.hive.execution.InsertIntoHiveTable;
import org.junit.Test;

/** {@link CreateHiveTableAsSelectVisitor} on a Hive-format CTAS and the insert it runs. */
public class CreateHiveTableAsSelectVisitorTest {
  private final CreateHiveTableAsSelectVisitor visitor =
      new CreateHiveTableAsSelectVisitor(LocalSpark.context());

  @Test
  public void aHiveCtasCreatesTheTable() {
    List<QueryExecution> executions =
        Executions.ofSql(
            "CREATE TABLE hive_ctas STORED AS textfile AS SELECT 1 AS x, CAST(2 AS STRING) AS y");
    CreateHiveTableAsSelectCommand ctas =
        executions.stream()
            .map(QueryExecution::optimizedPlan)
            .filter(CreateHiveTableAsSelectCommand.class::isInstance)
            .map(CreateHiveTableAsSelectCommand.class::cast)
            .findFirst()
            .orElseThrow();

    assertTrue(visitor.isDefinedAt(ctas));
    OpenLineage.OutputDataset output = only(visitor.apply(ctas));
    assertEquals(managedTable("hive_ctas"), id(output));
    assertEquals(List.of(tableSymlink("hive_ctas")), symlinks(output));
    assertEquals(List.of("x:integer", "y:string"), schema(output));
    assertEquals(LifecycleStateChange.CREATE, lifecycle(output));
    assertEquals(Optional.of("default_hive_ctas"), visitor.jobNameSuffixOf(ctas));

    InsertIntoHiveTable insert =
        executions.stream()
            .map(QueryExecution::optimizedPlan)
            .filter(InsertIntoHiveTable.class::isInstance)
            .map(InsertIntoHiveTable.class::cast)
            .findFirst()
            .orElseThrow();
    assertFalse(visitor.isDefinedAt(insert));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(insert));
  }
}
