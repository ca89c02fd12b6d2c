package io.headwater.spark.agent.executions;

import io.headwater.spark.agent.events.RunEmitter;
import io.headwater.spark.agent.events.StaticEvents;
import io.headwater.spark.agent.runs.ApplicationRun;
import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.agent.runs.RunFindingsWriter;
import io.headwater.spark.agent.tracking.Decision;
import io.headwater.spark.agent.tracking.ExecutionFacts;
import io.headwater.spark.emit.EmissionQueue;
import io.headwater.spark.reading.StaticLineage;
import java.util.Optional;

/**
 * Carries out the tracker's decisions about one event, each dispatched once: a run event through
 * {@link RunEmitter} — a terminal one with the written tables' versions read before the decision
 * ({@link ExecutionFacts#versionedOutputs}) — or the static events of DDL. It reads nothing: no
 * plan, no table, no metric, no name from the tracker; what it needs is in the decision and the
 * facts. Created by {@link RunCoordinator} per event, on the analysis thread.
 */
final class DecisionEmitter implements Decision.Visitor<Void> {
  private final RunEmitter emitter;
  private final StaticEvents staticEvents;
  private final EmissionQueue emission;
  private final ApplicationRun application;
  private final RunFindingsWriter findingsWriter;
  private final ExecutionFacts facts;

  /**
   * @param findingsWriter gives a run's terminal event its outputs with their versions
   * @param facts what was read for the event before the tracker decided
   */
  DecisionEmitter(
      RunEmitter emitter,
      StaticEvents staticEvents,
      EmissionQueue emission,
      ApplicationRun application,
      RunFindingsWriter findingsWriter,
      ExecutionFacts facts) {
    this.emitter = emitter;
    this.staticEvents = staticEvents;
    this.emission = emission;
    this.application = application;
    this.findingsWriter = findingsWriter;
    this.facts = facts;
  }

  @Override
  public Void start(Decision.Start start) {
    emitter.start(start.run());
    return null;
  }

  @Override
  public Void running(Decision.Running running) {
    emitter.running(running.run(), running.time());
    return null;
  }

  @Override
  public Void terminal(Decision.Terminal terminal) {
    OperationRun run = terminal.run();
    facts.versionedOutputs().ifPresent(outputs -> findingsWriter.outputsAtEnd(run, outputs));
    emitter.terminal(run, terminal.time(), terminal.failure());
    return null;
  }

  /**
   * The static events of metadata-only DDL that succeeded: DatasetEvents of its outputs, or a
   * JobEvent of a view definition, as the decision's lineage shows them (read once the command ran,
   * for the catalog's new state; a {@code DROP TABLE} as read at its start).
   */
  @Override
  public Void staticEvents(Decision.Static decision) {
    OperationRun run = decision.run();
    if (run.findings.staticKind() == StaticLineage.Kind.DATASET_EVENTS) {
      decision
          .lineage()
          .outputs()
          .forEach(output -> emission.submit(staticEvents.datasetEvent(decision.time(), output)));
    } else if (decision.jobName().isPresent()) {
      // a view's job is its query: its text where Spark kept it, else the execution's SQL
      Optional<String> sql = facts.viewText().or(run::sql);
      emission.submit(
          staticEvents.jobEvent(
              decision.time(),
              application.namespace(),
              decision.jobName().get(),
              decision.lineage(),
              sql,
              run.naming.localTags()));
    }
    return null;
  }

  @Override
  public Void abort(Decision.Abort abort) {
    emitter.abort(abort.run(), abort.time(), abort.reason());
    return null;
  }
}
