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
import org.apache.spark.sql.execution.command.CreateTableCommand;
import org.junit.Test;

/** {@link CreateTableCommandVisitor} on {@code CREATE TABLE ... STORED AS} (a Hive table). */
public class CreateTableCommandVisitorTest {
  private final CreateTableCommandVisitor visitor =
      new CreateTableCommandVisitor(LocalSpark.context());

  @Test
  public void aHiveTableIsCreatedAtItsDefaultPath() {
    CreateTableCommand create =
        Executions.rootOfSql(
            CreateTableCommand.class,
            "CREATE TABLE created_hive_t (a INT, b STRING) STORED AS orc");

    assertTrue(visitor.isDefinedAt(create));
    OpenLineage.OutputDataset output = only(visitor.apply(create));
    assertEquals(managedTable("created_hive_t"), id(output));
    assertEquals(List.of(tableSymlink("created_hive_t")), symlinks(output));
    assertEquals(List.of("a:integer", "b:string"), schema(output));
    assertEquals(LifecycleStateChange.CREATE, lifecycle(output));
    assertEquals(Optional.of("default_created_hive_t"), visitor.jobNameSuffixOf(create));
  }

  @Test
  public void doesNotFireOnADataSourceTable() {
    assertFalse(
        visitor.isDefinedAt(Executions.planned("CREATE TABLE created_ds (a INT) USING json")));
  }
}
