package io.headwater.spark.connectors.streaming;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.lifecycle;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.FileStreams;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.streaming.sources.WriteToMicroBatchDataSourceV1;
import org.junit.Test;

/**
 * {@link MicroBatchFileSinkOutputVisitor} on the analysed plans of real micro-batches ({@code
 * IncrementalExecution.logical()}, which the agent reads).
 */
public class MicroBatchFileSinkOutputVisitorTest {
  private final MicroBatchFileSinkOutputVisitor visitor =
      new MicroBatchFileSinkOutputVisitor(LocalSpark.context());

  @Test
  public void aFileSinkIsItsDirectory() {
    LogicalPlan batch = FileStreams.parquetBatch().logical();
    Path sink = FileStreams.parquetSink();

    assertTrue(batch instanceof WriteToMicroBatchDataSourceV1);
    assertTrue(visitor.isDefinedAt(batch));
    OpenLineage.OutputDataset output = only(visitor.apply(batch));
    assertEquals("file " + sink, id(output));
    assertEquals(List.of("a:long", "b:string"), schema(output));
    assertNull(lifecycle(output));
    assertEquals(
        Optional.of(sink.getParent().getFileName() + "_out"), visitor.jobNameSuffixOf(batch));
  }

  @Test
  public void doesNotFireOnAForeachBatchSink() {
    LogicalPlan batch = FileStreams.foreachBatch().logical();

    assertTrue(batch instanceof WriteToMicroBatchDataSourceV1);
    assertFalse(visitor.isDefinedAt(batch));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(batch));
  }

  @Test
  public void doesNotFireOnTheOptimizedPlanWhichHasNoWrite() {
    assertFalse(visitor.isDefinedAt(FileStreams.parquetBatch().optimizedPlan()));
  }
}
