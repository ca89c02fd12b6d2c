package io.headwater.spark.agent.tracking;

import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.agent.runs.RunFindings;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.CompatOptions;
import io.headwater.spark.config.JobNameStyle;
import io.headwater.spark.naming.JobNames;
import io.headwater.spark.reading.ExecutionLineage;
import io.openlineage.client.OpenLineage;
import java.util.Objects;
import java.util.Optional;

/**
 * The job name a run gets when its START is due ({@link ExecutionTracker}), from what reading it
 * found ({@link RunFindings}): {@code <prefix>.<plan part>[.<suffix>]} ({@link JobNames}), where
 * the prefix is a Spark Connect client's application name or the application's job name. A run that
 * executes a pipeline flow takes the flow's job name; a read-only run in Headwater's style takes
 * its call site's action and its first input ({@code app.collect.db_orders}). Immutable.
 */
@Internal
public final class RunJobNames {
  private final String applicationJobName;
  private final JobNameStyle style;
  private final boolean appendDatasetName;
  private final boolean replaceDotWithUnderscore;

  /**
   * @param applicationJobName the application's job name, the first part of every run's job name
   * @param style whose job names runs get ({@code spark.openlineage.jobName.style})
   * @param compat {@code jobName.appendDatasetName} (false: no suffix) and {@code
   *     jobName.replaceDotWithUnderscore} (dots of the plan part become {@code _}), as in
   *     openlineage-spark
   */
  RunJobNames(String applicationJobName, JobNameStyle style, CompatOptions compat) {
    this.applicationJobName = Objects.requireNonNull(applicationJobName, "applicationJobName");
    this.style = Objects.requireNonNull(style, "style");
    this.appendDatasetName = compat.appendDatasetName();
    this.replaceDotWithUnderscore = compat.replaceDotWithUnderscore();
  }

  /** The job name of {@code run}: its flow's, its read action's or its plan's. */
  String of(OperationRun run) {
    if (run.naming.flow() != null) {
      return run.naming.flow().job().name();
    }
    RunFindings found = run.findings;
    ExecutionLineage lineage = found.lineage();
    boolean streaming = StreamingQueryRuns.isStreaming(run);
    if (style == JobNameStyle.HEADWATER
        && found.readAction() != null
        && lineage.outputs().isEmpty()
        && !lineage.inputs().isEmpty()
        && !streaming) {
      return name(
          prefix(found),
          found.readAction(),
          Optional.of(JobNames.inputSuffix(lineage.inputs().get(0))));
    }
    Optional<String> suffix =
        JobNames.suffix(
            style,
            found.planPart(),
            lineage.jobNameSuffix(),
            lineage.outputs().stream().findFirst().map(OpenLineage.OutputDataset::getName),
            streaming);
    return name(prefix(found), found.planPart(), suffix);
  }

  /**
   * The job name of the JobEvent of metadata-only DDL ({@code CREATE VIEW}): its plan part, with
   * the suffix of {@code lineage} as read once the DDL ran.
   */
  String ofDdl(RunFindings found, ExecutionLineage lineage) {
    return name(prefix(found), found.planPart(), lineage.jobNameSuffix());
  }

  private String name(String prefix, String planPart, Optional<String> suffix) {
    return JobNames.execution(
        prefix,
        replaceDotWithUnderscore ? planPart.replace('.', '_') : planPart,
        appendDatasetName ? suffix : Optional.empty());
  }

  private String prefix(RunFindings found) {
    return found.jobNamePrefix() == null ? applicationJobName : found.jobNamePrefix();
  }
}
