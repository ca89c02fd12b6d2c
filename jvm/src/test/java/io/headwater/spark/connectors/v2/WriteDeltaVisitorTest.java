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
import org.apache.spark.sql.catalyst.plans.logical.WriteDelta;
import org.junit.Test;

/**
 * {@link WriteDeltaVisitor} on a merge-on-read {@code UPDATE} of an Iceberg table, planned (the
 * rows stay for the other tests).
 */
public class WriteDeltaVisitorTest {
  private final WriteDeltaVisitor visitor = new WriteDeltaVisitor(LocalSpark.context());

  @Test
  public void aMergeOnReadUpdateWritesTheTable() {
    LogicalPlan update =
        Executions.planned("UPDATE " + IcebergTables.events() + " SET b = 'z' WHERE a = 1");

    assertTrue(update instanceof WriteDelta);
    assertTrue(visitor.isDefinedAt(update));
    OpenLineage.OutputDataset output = only(visitor.apply(update));
    assertEquals("file " + IcebergTables.location(), id(output));
    assertEquals(List.of("iceberg db.events TABLE"), symlinks(output));
    assertEquals(List.of("a:long", "b:string"), schema(output));
    assertNull(lifecycle(output));
    assertEquals(Optional.of("iceberg.db.events"), visitor.jobNameSuffixOf(update));
  }

  @Test
  public void doesNotFireOnACopyOnWriteDelete() {
    LogicalPlan delete =
        Executions.planned("DELETE FROM " + IcebergTables.events() + " WHERE a = 1");

    assertFalse(visitor.isDefinedAt(delete));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(delete));
  }
}
