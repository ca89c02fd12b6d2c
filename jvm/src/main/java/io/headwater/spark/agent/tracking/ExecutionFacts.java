package io.headwater.spark.agent.tracking;

import io.headwater.spark.agent.runs.ExecutionFigures;
import io.headwater.spark.agent.runs.PipelineFlowRun;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.reading.ExecutionLineage;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;

/**
 * What the reading of one SQL execution event found, beside what it recorded in the run's {@code
 * RunFindings}: everything the {@link ExecutionTracker}'s decision and the carrying out of its
 * decisions need, read on the agent's analysis thread before the tracker decides, so that neither
 * reads a plan, a table or a metric afterwards. Immutable; {@link #NONE} for an event that read
 * nothing.
 *
 * @param flow the Spark Declarative Pipelines flow the run executes, when the reading found one
 *     (the tracker assigns it to a run that has none and has not started)
 * @param planRead true when a nested execution's plan was read at its start (its end need not read
 *     it again)
 * @param figures what the ended execution adds to its run's {@code RunMetrics} (for a root, read
 *     only when its terminal event is due: {@link EndReading#forTerminal})
 * @param parentReads what a {@code foreachBatch} write read, added to its micro-batch's run
 * @param versionedOutputs the run's outputs with the written tables' versions, for its terminal
 *     event (the connectors' {@code tableVersion} hook, read only when that event is due)
 * @param ddlLineage the lineage of metadata-only DDL that succeeded, as its static events show it
 *     (read again once it ran, for the catalog's new state; as read at its start for a {@code
 *     DROP})
 * @param viewText the text of the view a DDL statement defines, where Spark kept it
 */
@Internal
public record ExecutionFacts(
    Optional<PipelineFlowRun> flow,
    boolean planRead,
    Optional<ExecutionFigures> figures,
    Optional<ExecutionFigures> parentReads,
    Optional<List<OpenLineage.OutputDataset>> versionedOutputs,
    Optional<ExecutionLineage> ddlLineage,
    Optional<String> viewText) {
  /** An event whose reading found nothing beside the run's findings. */
  public static final ExecutionFacts NONE =
      new ExecutionFacts(
          Optional.empty(),
          false,
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty());

  public ExecutionFacts {
    versionedOutputs = versionedOutputs.map(List::copyOf);
  }

  /** These facts with the pipeline flow the run executes, if any. */
  public ExecutionFacts withFlow(Optional<PipelineFlowRun> flow) {
    return new ExecutionFacts(
        flow, planRead, figures, parentReads, versionedOutputs, ddlLineage, viewText);
  }

  /** These facts saying that a nested execution's plan was read. */
  public ExecutionFacts withPlanRead() {
    return new ExecutionFacts(
        flow, true, figures, parentReads, versionedOutputs, ddlLineage, viewText);
  }

  /** These facts with the figures the ended execution adds to its run, and to its parent's. */
  public ExecutionFacts withFigures(
      Optional<ExecutionFigures> figures, Optional<ExecutionFigures> parentReads) {
    return new ExecutionFacts(
        flow, planRead, figures, parentReads, versionedOutputs, ddlLineage, viewText);
  }

  /** These facts with the run's outputs carrying their tables' versions. */
  public ExecutionFacts withVersionedOutputs(List<OpenLineage.OutputDataset> outputs) {
    return new ExecutionFacts(
        flow, planRead, figures, parentReads, Optional.of(outputs), ddlLineage, viewText);
  }

  /** These facts with what the static events of metadata-only DDL show. */
  public ExecutionFacts withDdl(ExecutionLineage lineage, Optional<String> viewText) {
    return new ExecutionFacts(
        flow, planRead, figures, parentReads, versionedOutputs, Optional.of(lineage), viewText);
  }
}
