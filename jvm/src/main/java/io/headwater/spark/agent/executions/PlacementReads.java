package io.headwater.spark.agent.executions;

import io.headwater.spark.agent.pipelines.PipelineUpdates;
import io.headwater.spark.agent.runs.ExecutionFigures;
import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.agent.runs.PipelineFlowRun;
import io.headwater.spark.agent.runs.RunBuilders;
import io.headwater.spark.agent.runs.RunFindingsWriter;
import io.headwater.spark.agent.tracking.EndReading;
import io.headwater.spark.agent.tracking.ExecutionFacts;
import io.headwater.spark.agent.tracking.ExecutionTracker;
import io.headwater.spark.agent.tracking.Placement;
import io.headwater.spark.agent.tracking.StreamingQueryRuns;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.StreamingPlans;
import io.headwater.spark.reading.ExecutionLineage;
import io.headwater.spark.reading.StaticLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * The reading of a SQL execution's start and end, by where the {@link ExecutionTracker} placed it
 * ({@link Placement}): the tracker calls {@link Started} or {@link Ended} once per event, and each
 * reads what that kind of placement needs — plans through {@link RunFindingsWriter} into the run's
 * findings, the extensions' builders ({@link RunBuilders}) — and returns what else it found as
 * {@link ExecutionFacts}: the pipeline flow a run executes ({@link PipelineUpdates}), an ended
 * execution's figures ({@link ExecutionFigures}), the written tables' versions, the DDL's lineage
 * and view text. Every read happens here, before the tracker decides; nothing here calls the
 * tracker. Only the agent's analysis thread ({@link RunCoordinator}) uses it.
 */
@Internal
public final class PlacementReads {
  private final RunFindingsWriter findingsWriter;
  private final RunBuilders builders;
  private final PipelineUpdates pipelines;

  PlacementReads(
      RunFindingsWriter findingsWriter, RunBuilders builders, PipelineUpdates pipelines) {
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
   * nested or micro-batch execution's datasets for its root's or query's run; then what the
   * extensions' builders give for the event. The plans of a query whose analysis failed are never
   * read: only a root's failure is recorded.
   */
  final class Started implements Placement.Visitor<ExecutionFacts> {
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
    public ExecutionFacts own(Placement.Own own) {
      OperationRun run = own.run();
      ExecutionFacts facts = ExecutionFacts.NONE;
      if (analysisFailed) {
        // a pipeline definition that does not resolve fails its update, not a run of its own
        if (!pipelines.resolving()) {
          findingsWriter.failedAnalysis(run, execution, event);
        }
      } else if (execution != null) {
        findingsWriter.rootAtStart(run, execution, event);
        facts = facts.withFlow(flow(run));
        if (run.parent != null) {
          // a row-level write in a foreachBatch function: its datasets stay the query's outputs
          findingsWriter.folded(run.parent, run);
        }
      }
      return built(run, facts);
    }

    @Override
    public ExecutionFacts nested(Placement.Nested nested) {
      ExecutionFacts facts = ExecutionFacts.NONE;
      if (!analysisFailed && execution != null) {
        findingsWriter.nested(nested.run(), execution);
        facts = facts.withPlanRead();
      }
      return built(nested.run(), facts);
    }

    @Override
    public ExecutionFacts microBatch(Placement.MicroBatch microBatch) {
      if (!analysisFailed && execution != null) {
        findingsWriter.microBatch(microBatch.run(), execution, batch.orElseThrow());
      }
      return built(microBatch.run(), ExecutionFacts.NONE);
    }

    @Override
    public ExecutionFacts untracked(Placement.Untracked untracked) {
      return ExecutionFacts
          .NONE; // never at a start: an execution's start always opens or joins a run
    }

    private ExecutionFacts built(OperationRun run, ExecutionFacts facts) {
      builders.evaluate(run, List.of(event));
      return facts;
    }
  }

  /**
   * What an execution's end reads, by its placement: a nested execution's datasets and figures for
   * its root's run, a micro-batch's for its RUNNING event, a root's plan when its start was not
   * read, and for a root all its static events show — the DDL's lineage once it ran and the view's
   * text; then, only when the root's terminal event is due ({@link #forTerminal}), its figures and
   * the written tables' versions. An end that emits nothing reads neither (a {@code foreachBatch}
   * write's reads, which count in its micro-batch's run, are read whatever it emits).
   */
  final class Ended implements EndReading {
    private final QueryExecution execution;
    private final Throwable failure;
    private final Object event;
    private final boolean analysisFailed;
    private final Optional<StreamingPlans.MicroBatch> batch;

    /** The execution whose plans may be read, null when they may not; the statistics' source. */
    private QueryExecution readable;

    /** The run of the placement read, null until one was read. */
    private OperationRun run;

    private ExecutionFacts facts = ExecutionFacts.NONE;

    /** The ended execution's figures once read, null before. */
    private ExecutionFigures figures;

    /**
     * @param readable the execution when its plans may be read, null when they may not
     * @param failure why the execution failed, or null when it succeeded
     */
    Ended(Seen seen, QueryExecution readable, Throwable failure) {
      this.execution = seen.execution();
      this.readable = readable;
      this.failure = failure;
      this.event = seen.event();
      this.analysisFailed = seen.analysisFailed();
      this.batch = seen.batch();
    }

    /** The run whose end was read, or null when none was (an untracked execution). */
    OperationRun run() {
      return run;
    }

    /** What the reading found, {@link ExecutionFacts#NONE} before it ran. */
    ExecutionFacts facts() {
      return facts;
    }

    @Override
    public ExecutionFacts own(Placement.Own own) {
      run = own.run();
      if (analysisFailed || run.findings.analysisFailed()) {
        if (run.findings.planPart() == null && !pipelines.resolving()) {
          findingsWriter.failedAnalysis(run, execution, event);
        }
        readable = null;
      } else if (run.findings.planPart() == null && execution != null) {
        findingsWriter.root(run, execution);
        facts = facts.withFlow(flow(run));
      }
      builders.evaluate(run, List.of(event));
      if (readable == null) {
        return facts;
      }
      // a foreachBatch write's tasks' output metrics count in the micro-batch's figures, as a
      // nested write's do
      Optional<ExecutionFigures> parentReads =
          Optional.ofNullable(run.parent == null ? null : figures().readsOnly());
      facts = facts.withFigures(Optional.empty(), parentReads);
      StaticLineage.Kind kind = run.findings.staticKind();
      if (kind != StaticLineage.Kind.NONE
          && failure == null
          && kind != StaticLineage.Kind.NOTHING) {
        facts = facts.withDdl(ddlLineage(kind), viewText(kind));
      }
      return facts;
    }

    /**
     * What the root's terminal event shows: the execution's figures and the written tables'
     * versions, read now; nothing when its plans may not be read.
     */
    @Override
    public ExecutionFacts forTerminal(OperationRun ended, ExecutionFacts found) {
      facts = found;
      if (readable == null) {
        return facts;
      }
      facts = facts.withFigures(Optional.of(figures()), facts.parentReads());
      findingsWriter
          .versionedOutputs(ended, readable)
          .ifPresent(outputs -> facts = facts.withVersionedOutputs(outputs));
      return facts;
    }

    /** The ended execution's figures, read once. */
    private ExecutionFigures figures() {
      if (figures == null) {
        figures = ExecutionFigures.of(readable);
      }
      return figures;
    }

    /**
     * Metadata-only DDL's lineage once it ran (the catalog's new state), or as read at its start (a
     * {@code DROP TABLE}).
     */
    private ExecutionLineage ddlLineage(StaticLineage.Kind kind) {
      boolean readNow =
          StaticLineage.readAtEnd(kind, readable.optimizedPlan(), findingsWriter.connectors());
      return readNow ? findingsWriter.afterDdl(run, readable) : run.findings.lineage();
    }

    /**
     * A view's text where Spark kept it (Spark 3.5 gives the whole CREATE VIEW statement as the
     * execution's SQL text, Spark 4 none): a view's job is its query.
     */
    private Optional<String> viewText(StaticLineage.Kind kind) {
      return kind == StaticLineage.Kind.JOB_EVENT
          ? findingsWriter.connectors().viewText(readable.optimizedPlan())
          : Optional.empty();
    }

    @Override
    public ExecutionFacts nested(Placement.Nested nested) {
      run = nested.run();
      builders.evaluate(run, List.of(event));
      if (readable != null) {
        if (!nested.planRead()) {
          findingsWriter.nested(run, readable);
        }
        ExecutionFigures figures = ExecutionFigures.of(readable);
        // a foreachBatch write: its tasks' output metrics count in the micro-batch's figures
        facts =
            facts.withFigures(
                Optional.of(StreamingQueryRuns.isStreaming(run) ? figures.readsOnly() : figures),
                Optional.empty());
      }
      return facts;
    }

    @Override
    public ExecutionFacts microBatch(Placement.MicroBatch microBatch) {
      run = microBatch.run();
      if (!microBatch.startSeen()) {
        findingsWriter.microBatch(run, readable, batch.orElseThrow());
      }
      if (readable != null) {
        facts =
            facts.withFigures(
                Optional.of(ExecutionFigures.ofMicroBatch(readable, findingsWriter.connectors())),
                Optional.empty());
      }
      builders.evaluate(run, List.of(event));
      return facts;
    }

    @Override
    public ExecutionFacts untracked(Placement.Untracked untracked) {
      return facts; // its root's run was forgotten
    }
  }

  /**
   * The flow a run executes when its only output is a running pipeline update's batch flow's
   * destination; the tracker assigns it to a run that has no flow and has not started.
   */
  private Optional<PipelineFlowRun> flow(OperationRun run) {
    return pipelines.flowWriting(run.findings.lineage());
  }
}
