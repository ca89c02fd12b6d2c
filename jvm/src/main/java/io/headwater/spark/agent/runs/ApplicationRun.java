package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import java.util.Objects;
import java.util.UUID;

/**
 * The Spark application as a run: the parent of every execution run.
 *
 * @param runId the application's run id (UUIDv7)
 * @param namespace the job namespace ({@code spark.openlineage.namespace})
 * @param jobName the normalised application name, also the first part of every execution's job name
 * @param server whether the driver is a long-running server ({@code ServerDriver}), which a signal
 *     stops in the usual way
 */
@Internal
public record ApplicationRun(UUID runId, String namespace, String jobName, boolean server) {
  public ApplicationRun {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(jobName, "jobName");
  }
}
