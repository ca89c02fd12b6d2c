package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import java.util.Optional;

/**
 * What names a run and what its START waits for: its job name (set when START is due, kept for the
 * terminal event), the pipeline flow it executes, and the tags of the thread that started it. The
 * {@code ExecutionTracker} alone writes it (its setters are called from nowhere else: the ArchUnit
 * rule {@code runNamingIsWrittenOnlyByTheTracker}); an RDD job's run is named through it too. Only
 * the agent's analysis thread touches it.
 */
@Internal
public final class RunNaming {
  private String jobName;
  private PipelineFlowRun flow;
  private LocalPropertyTags.Snapshot localTags = LocalPropertyTags.Snapshot.NONE;
  private boolean tagsKnown;

  /** The run's job name; null until its START is due. */
  public String jobName() {
    return jobName;
  }

  public void setJobName(String jobName) {
    this.jobName = jobName;
  }

  /**
   * The flow of a Spark Declarative Pipeline the run executes, when it is one: it names the run's
   * job and its parent; null otherwise.
   */
  public PipelineFlowRun flow() {
    return flow;
  }

  public void setFlow(PipelineFlowRun flow) {
    this.flow = flow;
  }

  /** The flow's SQL text, when the run executes a flow that has one. */
  Optional<String> flowSql() {
    return flow == null ? Optional.empty() : flow.job().sql();
  }

  /**
   * Tags from the local properties of the thread that started the run, read with its first Spark
   * job; never null.
   */
  public LocalPropertyTags.Snapshot localTags() {
    return localTags;
  }

  /** Records the thread's tags; they are known from now on ({@link #tagsKnown}). */
  public void setTags(LocalPropertyTags.Snapshot tags) {
    this.localTags = tags;
    this.tagsKnown = true;
  }

  /**
   * True once the run's first Spark job started (its local properties are known) or its root
   * execution ended: START waits for it, so that it carries the thread's tags.
   */
  public boolean tagsKnown() {
    return tagsKnown;
  }

  public void setTagsKnown() {
    this.tagsKnown = true;
  }
}
