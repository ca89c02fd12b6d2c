package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import java.util.Objects;
import java.util.UUID;

/**
 * What the run of a flow of a Spark Declarative Pipeline takes from the flow: its job ({@link
 * PipelineFlowJob}, the same as its JobEvent's) and its parent, the run of the pipeline update that
 * runs it.
 *
 * @param updateRunId the run id of the pipeline update
 * @param updateJobName the job name of the pipeline update (the pipeline's)
 */
@Internal
public record PipelineFlowRun(PipelineFlowJob job, UUID updateRunId, String updateJobName) {
  public PipelineFlowRun {
    Objects.requireNonNull(job, "job");
    Objects.requireNonNull(updateRunId, "updateRunId");
    Objects.requireNonNull(updateJobName, "updateJobName");
  }
}
