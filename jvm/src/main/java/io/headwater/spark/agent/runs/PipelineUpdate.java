package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.facets.SparkPipelineJobFacet;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * The run of one pipeline update ({@code spark-pipelines run}: one {@code StartRun} operation of
 * the Spark Connect server), the parent of its flows' runs, and what tells those runs from other
 * executions while it runs: its batch flows by the dataset key ({@code ExecutionLineage.key}) of
 * their destination, its streaming flows by their streaming query's name (Spark names it after the
 * flow).
 *
 * @param runId the update's run id (UUIDv7)
 * @param operationId the Spark Connect operation that runs it
 * @param jobName the pipeline's job name
 * @param startTime when it started, epoch millis
 * @param facet the {@code headwater_sparkPipeline} job facet of its job
 * @param batchFlows batch flows by destination dataset key; empty when the graph did not resolve
 * @param streamingFlows streaming flows by query name (the flow's qualified identifier)
 */
@Internal
public record PipelineUpdate(
    UUID runId,
    String operationId,
    String jobName,
    long startTime,
    SparkPipelineJobFacet facet,
    Map<String, PipelineFlowRun> batchFlows,
    Map<String, PipelineFlowRun> streamingFlows) {
  public PipelineUpdate {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(operationId, "operationId");
    Objects.requireNonNull(jobName, "jobName");
    Objects.requireNonNull(facet, "facet");
    Objects.requireNonNull(batchFlows, "batchFlows"); // filled once, then only read
    Objects.requireNonNull(streamingFlows, "streamingFlows");
  }
}
