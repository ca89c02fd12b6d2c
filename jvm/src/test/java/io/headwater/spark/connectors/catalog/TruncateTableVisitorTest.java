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
import org.apache.spark.sql.execution.command.TruncateTableCommand;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@link TruncateTableVisitor} on a real {@code TRUNCATE TABLE}. */
public class TruncateTableVisitorTest {
  private final TruncateTableVisitor visitor = new TruncateTableVisitor(LocalSpark.context());

  @BeforeClass
  public static void createTable() {
    LocalSpark.session().sql("CREATE TABLE truncated (a INT, b STRING) USING parquet");
  }

  @Test
  public void theTableIsTruncated() {
    TruncateTableCommand truncate =
        Executions.rootOfSql(TruncateTableCommand.class, "TRUNCATE TABLE truncated");

    assertTrue(visitor.isDefinedAt(truncate));
    OpenLineage.OutputDataset output = only(visitor.apply(truncate));
    assertEquals(managedTable("truncated"), id(output));
    assertEquals(List.of(tableSymlink("truncated")), symlinks(output));
    assertEquals(List.of("a:integer", "b:string"), schema(output));
    assertEquals(LifecycleStateChange.TRUNCATE, lifecycle(output));
    assertEquals(Optional.of("default_truncated"), visitor.jobNameSuffixOf(truncate));
  }

  @Test
  public void doesNotFireOnOtherCommands() {
    assertFalse(
        visitor.isDefinedAt(
            Executions.planned("ALTER TABLE truncated SET TBLPROPERTIES ('k' = 'v')")));
    assertFalse(visitor.isDefinedAt(Executions.planned("DROP TABLE truncated")));
  }
}
