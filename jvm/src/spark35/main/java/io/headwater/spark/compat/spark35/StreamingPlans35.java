package io.headwater.spark.compat.spark35;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.StreamingPlans;
import java.util.Optional;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.streaming.FileStreamSink;
import org.apache.spark.sql.execution.streaming.IncrementalExecution;

/**
 * {@link StreamingPlans} for Spark 3.5 and 4.0, where {@code IncrementalExecution} and {@code
 * FileStreamSink} are in {@code org.apache.spark.sql.execution.streaming} (4.1 moved them).
 */
@Internal
public final class StreamingPlans35 implements StreamingPlans {
  @Override
  public boolean isFileSink(Object sink) {
    return sink instanceof FileStreamSink;
  }

  @Override
  public Optional<MicroBatch> microBatch(QueryExecution execution) {
    if (execution instanceof IncrementalExecution microBatch) {
      return Optional.of(new MicroBatch(microBatch.runId(), microBatch.logical()));
    }
    return Optional.empty();
  }
}
