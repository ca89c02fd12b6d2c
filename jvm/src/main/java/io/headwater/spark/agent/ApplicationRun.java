package io.headwater.spark.agent;

import java.util.Objects;
import java.util.UUID;

/**
 * The Spark application as a run: the parent of every execution run.
 *
 * @param runId the application's run id (UUIDv7)
 * @param namespace the job namespace ({@code spark.openlineage.namespace})
 * @param jobName the normalised application name, also the first part of every execution's job name
 * @param server whether the driver is a long-running server ({@link ServerDriver}), which a signal
 *     stops in the usual way
 */
record ApplicationRun(UUID runId, String namespace, String jobName, boolean server) {
  ApplicationRun {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(jobName, "jobName");
  }
}
