package io.headwater.spark.agent.tracking;

import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.agent.runs.RunFindings;
import io.headwater.spark.reading.ExecutionLineage;
import io.headwater.spark.reading.StaticLineage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The decisions at an execution's end, by its placement, once the agent read what its end gave. A
 * root in its own run: static events for metadata-only DDL that succeeded (a view's JobEvent named
 * from the DDL's lineage, {@link RunJobNames#ofDdl}), else START when still due and the terminal
 * event of a started run. A nested execution: START when its end made the root's run ready (the
 * root's end closes the run). A micro-batch: START when still due, and RUNNING after a successful
 * micro-batch of a started run (one per micro-batch). Part of the tracker: created by it for one
 * execution end, with the facts the agent read for it.
 */
final class EndDecisions implements Placement.Visitor<List<Decision>> {
  private final ExecutionTracker tracker;
  private final long time;
  private final Throwable failure;
  private final ExecutionFacts facts;

  EndDecisions(ExecutionTracker tracker, long time, Throwable failure, ExecutionFacts facts) {
    this.tracker = tracker;
    this.time = time;
    this.failure = failure;
    this.facts = facts;
  }

  @Override
  public List<Decision> own(Placement.Own own) {
    OperationRun run = own.run();
    ExecutionTracker.assignFlow(run, facts);
    RunFindings found = run.findings;
    StaticLineage.Kind staticKind = found.staticKind();
    if (staticKind != StaticLineage.Kind.NONE) {
      if (failure != null || staticKind == StaticLineage.Kind.NOTHING) {
        return List.of();
      }
      ExecutionLineage lineage = facts.ddlLineage().orElse(found.lineage());
      Optional<String> jobName =
          staticKind == StaticLineage.Kind.DATASET_EVENTS
                  || lineage.isEmpty()
                  || found.planPart() == null
              ? Optional.empty()
              : Optional.of(tracker.ddlJobName(found, lineage));
      return List.of(new Decision.Static(run, time, lineage, jobName));
    }
    tracker.endedTagsKnown(run);
    List<Decision> decisions = new ArrayList<>(tracker.startIfReady(run));
    if (run.started()) {
      decisions.add(new Decision.Terminal(run, time, failure));
    }
    return decisions;
  }

  @Override
  public List<Decision> nested(Placement.Nested nested) {
    return tracker.startIfReady(nested.run());
  }

  @Override
  public List<Decision> microBatch(Placement.MicroBatch batch) {
    List<Decision> decisions = new ArrayList<>(tracker.startIfReady(batch.run()));
    if (failure == null && batch.run().started()) {
      decisions.add(new Decision.Running(batch.run(), time));
    }
    return decisions;
  }

  @Override
  public List<Decision> untracked(Placement.Untracked untracked) {
    return List.of();
  }
}
