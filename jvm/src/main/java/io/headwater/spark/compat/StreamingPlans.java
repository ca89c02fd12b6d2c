package io.headwater.spark.compat;

import io.headwater.spark.annotation.Internal;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * Spark-version seam for Structured Streaming internals: tells a streaming micro-batch's execution
 * ({@code IncrementalExecution}, whose package moved in Spark 4.1) from any other. The
 * implementation for the running Spark is chosen once, by {@code
 * io.headwater.spark.versions.SparkVersions}.
 */
@Internal
public interface StreamingPlans {
  /**
   * The micro-batch {@code execution} runs, or empty when it is no streaming micro-batch.
   *
   * @param execution a SQL execution's query execution (never null)
   */
  Optional<MicroBatch> microBatch(QueryExecution execution);

  /** True when {@code sink}, a micro-batch write's sink, is Spark's file sink. */
  boolean isFileSink(Object sink);

  /**
   * A streaming micro-batch.
   *
   * @param queryRunId the run id of the streaming query ({@code StreamingQuery.runId})
   * @param plan the micro-batch's logical plan (its write node at the root)
   */
  record MicroBatch(UUID queryRunId, LogicalPlan plan) {
    public MicroBatch {
      Objects.requireNonNull(queryRunId, "queryRunId");
      Objects.requireNonNull(plan, "plan");
    }
  }
}
