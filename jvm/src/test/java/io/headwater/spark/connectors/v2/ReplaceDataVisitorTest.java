package io.headwater.spark.connectors.v2;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.lifecycle;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static io.headwater.spark.junit.Datasets.symlinks;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.IcebergTables;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceData;
import org.junit.Test;

/**
 * {@link ReplaceDataVisitor} on a copy-on-write {@code DELETE} of an Iceberg table, planned (the
 * rows stay for the other tests).
 */
public class ReplaceDataVisitorTest {
  private final ReplaceDataVisitor visitor = new ReplaceDataVisitor(LocalSpark.context());

  @Test
  public void aCopyOnWriteDeleteWritesTheTable() {
    LogicalPlan delete =
        Executions.planned("DELETE FROM " + IcebergTables.events() + " WHERE a = 1");

    assertTrue(delete instanceof ReplaceData);
    assertTrue(visitor.isDefinedAt(delete));
    OpenLineage.OutputDataset output = only(visitor.apply(delete));
    assertEquals("file " + IcebergTables.location(), id(output));
    assertEquals(List.of("iceberg db.events TABLE"), symlinks(output));
    assertEquals(List.of("a:long", "b:string"), schema(output));
    assertNull(lifecycle(output));
    assertEquals(Optional.of("iceberg.db.events"), visitor.jobNameSuffixOf(delete));
  }

  @Test
  public void doesNotFireOnAMergeOnReadUpdate() {
    LogicalPlan update =
        Executions.planned("UPDATE " + IcebergTables.events() + " SET b = 'z' WHERE a = 1");

    assertFalse(visitor.isDefinedAt(update));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(update));
  }
}
