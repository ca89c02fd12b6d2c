package io.headwater.spark.compat.spark41;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.StreamingPlans;
import java.util.Optional;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.streaming.runtime.IncrementalExecution;
import org.apache.spark.sql.execution.streaming.sinks.FileStreamSink;

/**
 * {@link StreamingPlans} for Spark 4.1 and later, where {@code IncrementalExecution} is in {@code
 * org.apache.spark.sql.execution.streaming.runtime} and {@code FileStreamSink} in {@code
 * ...streaming.sinks}.
 */
@Internal
public final class StreamingPlans41 implements StreamingPlans {
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
