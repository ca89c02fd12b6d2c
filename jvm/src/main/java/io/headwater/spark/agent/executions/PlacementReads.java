package io.headwater.spark.agent.executions;

import io.headwater.spark.agent.pipelines.PipelineUpdates;
import io.headwater.spark.agent.runs.ExecutionFigures;
import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.agent.runs.RunBuilders;
import io.headwater.spark.agent.runs.RunFindingsWriter;
import io.headwater.spark.agent.tracking.Decision;
import io.headwater.spark.agent.tracking.ExecutionTracker;
import io.headwater.spark.agent.tracking.Placement;
import io.headwater.spark.agent.tracking.StreamingQueryRuns;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.StreamingPlans;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * What the start and end of a SQL execution read, by where the {@link ExecutionTracker} placed it
 * ({@link Placement}): each event is dispatched once, through {@link Started} or {@link Ended}, and
 * an end returns the tracker's decisions for its kind of placement. Plans are read through {@link
 * RunFindingsWriter}, statistics into {@link ExecutionFigures} for the run's {@code RunMetrics}, and a run that executes a flow
 * of a Spark Declarative Pipeline gets the flow's job ({@link PipelineUpdates}). Only the agent's
 * analysis thread ({@link RunCoordinator}) uses it.
 */
@Internal
public final class PlacementReads {
  private final ExecutionTracker tracker;
  private final RunFindingsWriter findingsWriter;
  private final RunBuilders builders;
  private final PipelineUpdates pipelines;

  PlacementReads(
      ExecutionTracker tracker,
      RunFindingsWriter findingsWriter,
      RunBuilders builders,
      PipelineUpdates pipelines) {
    this.tracker = tracker;
    this.findingsWriter = findingsWriter;
    this.builders = builders;
    this.pipelines = pipelines;
  }

  /**
   * A SQL execution's start or end as the agent saw it.
   *
   * @param execution its query execution if Spark still had it, else null
   * @param event Spark's event, for the extensions' builders
   * @param analysisFailed true when it is Spark's report of a query whose analysis failed ({@link
   *     FailedAnalysis}): its plans are never read
   * @param batch the streaming micro-batch it runs, if it is one
   */
  record Seen(
      QueryExecution execution,
      Object event,
      boolean analysisFailed,
      Optional<StreamingPlans.MicroBatch> batch) {}

  /**
   * What an execution's start reads, by its placement: a root's plan part, naming and flow; a
   * nested or micro-batch execution's datasets for its root's or query's run. The plans of a query
   * whose analysis failed are never read: only a root's failure is recorded.
   */
  final class Started implements Placement.Visitor<Void> {
    private final QueryExecution execution;
    private final Object event;
    private final boolean analysisFailed;
    private final Optional<StreamingPlans.MicroBatch> batch;

    Started(Seen seen) {
      this.execution = seen.execution();
      this.event = seen.event();
      this.analysisFailed = seen.analysisFailed();
      this.batch = seen.batch();
    }

    @Override
    public Void own(Placement.Own own) {
      OperationRun run = own.run();
      if (analysisFailed) {
        // a pipeline definition that does not resolve fails its update, not a run of its own
        if (!pipelines.resolving()) {
          findingsWriter.failedAnalysis(run, execution, event);
        }
      } else if (execution != null) {
        findingsWriter.rootAtStart(run, execution, event);
        assignFlow(run);
        if (run.parent != null) {
          // a row-level write in a foreachBatch function: its datasets stay the query's outputs
          findingsWriter.folded(run.parent, run);
        }
      }
      return null;
    }

    @Override
    public Void nested(Placement.Nested nested) {
      if (!analysisFailed && execution != null) {
        findingsWriter.nested(nested.run(), execution);
        tracker.nestedPlanRead(nested);
      }
      return null;
    }

    @Override
    public Void microBatch(Placement.MicroBatch microBatch) {
      if (!analysisFailed && execution != null) {
        findingsWriter.microBatch(microBatch.run(), execution, batch.orElseThrow());
      }
      return null;
    }

    @Override
    public Void untracked(Placement.Untracked untracked) {
      return null; // never at a start: an execution's start always opens or joins a run
    }
  }

  /**
   * What an execution's end reads, by its placement, and the tracker's decisions once it was read:
   * a nested execution's datasets and statistics for its root's run, a micro-batch's for its
   * RUNNING event, a root's plan when its start was not read.
   */
  final class Ended implements Placement.Visitor<List<Decision>> {
    private final long time;
    private final QueryExecution execution;
    private final Throwable failure;
    private final Object event;
    private final boolean analysisFailed;
    private final Optional<StreamingPlans.MicroBatch> batch;

    /** The execution whose plans may be read, null when they may not; the statistics' source. */
    private QueryExecution readable;

    /** What the run's figures get from the execution, read here, added by RunCoordinator. */
    private Optional<ExecutionFigures> figures = Optional.empty();

    /** What a foreachBatch write read, counted in its micro-batch's (the parent's) figures. */
    private Optional<ExecutionFigures> parentReads = Optional.empty();

    /**
     * @param readable the execution when its plans may be read, null when they may not
     * @param failure why the execution failed, or null when it succeeded
     */
    Ended(Seen seen, long time, QueryExecution readable, Throwable failure) {
      this.time = time;
      this.execution = seen.execution();
      this.readable = readable;
      this.failure = failure;
      this.event = seen.event();
      this.analysisFailed = seen.analysisFailed();
      this.batch = seen.batch();
    }

    /** The execution whose plans were read, null when they may not be; statistics come from it. */
    QueryExecution readable() {
      return readable;
    }

    /** The figures read for the placement's run, to add to its {@code RunMetrics}. */
    Optional<ExecutionFigures> figures() {
      return figures;
    }

    /** The figures read for the run's parent (a foreachBatch write's micro-batch). */
    Optional<ExecutionFigures> parentReads() {
      return parentReads;
    }

    @Override
    public List<Decision> own(Placement.Own own) {
      OperationRun run = own.run();
      if (analysisFailed || run.findings.analysisFailed()) {
        if (run.findings.planPart() == null && !pipelines.resolving()) {
          findingsWriter.failedAnalysis(run, execution, event);
        }
        readable = null;
      } else if (run.findings.planPart() == null && execution != null) {
        findingsWriter.root(run, execution);
        assignFlow(run);
      }
      builders.evaluate(run, List.of(event));
      if (run.parent != null && readable != null) {
        // its tasks' output metrics count in the micro-batch's figures, as a nested write's do
        parentReads = Optional.of(ExecutionFigures.of(readable).readsOnly());
      }
      return tracker.ownEnded(own, time, failure);
    }

    @Override
    public List<Decision> nested(Placement.Nested nested) {
      OperationRun run = nested.run();
      builders.evaluate(run, List.of(event));
      if (readable != null) {
        if (!nested.planRead()) {
          findingsWriter.nested(run, readable);
        }
        ExecutionFigures read = ExecutionFigures.of(readable);
        // a foreachBatch write: its tasks' output metrics count in the micro-batch's figures
        figures = Optional.of(StreamingQueryRuns.isStreaming(run) ? read.readsOnly() : read);
      }
      return tracker.nestedEnded(nested);
    }

    @Override
    public List<Decision> microBatch(Placement.MicroBatch microBatch) {
      OperationRun run = microBatch.run();
      if (!microBatch.startSeen()) {
        findingsWriter.microBatch(run, readable, batch.orElseThrow());
      }
      if (readable != null) {
        figures = Optional.of(ExecutionFigures.ofMicroBatch(readable, findingsWriter.connectors()));
      }
      builders.evaluate(run, List.of(event));
      return tracker.microBatchEnded(microBatch, time, failure);
    }

    @Override
    public List<Decision> untracked(Placement.Untracked untracked) {
      return List.of(); // its root's run was forgotten
    }
  }

  /** A run whose only output is a running pipeline update's batch flow's destination is its run. */
  void assignFlow(OperationRun run) {
    if (run.naming.flow() == null && !run.started()) {
      pipelines
          .flowWriting(run.findings.lineage())
          .ifPresent(flow -> tracker.flowAssigned(run, flow));
    }
  }
}
