package io.headwater.spark.agent;

import io.headwater.spark.emit.EmissionQueue;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.RunEvent.EventType;

/**
 * Carries out the run decisions of {@link ExecutionTracker} (and of the RDD-job runs): builds each
 * run event with {@link RunEventFactory} and queues it for delivery. The thin end of the state
 * machine: no decisions are taken here. Ended runs are also recorded in {@link RecentRuns}.
 */
final class RunEmitter {
  private final RunEventFactory events;
  private final ApplicationRun application;
  private final EmissionQueue emission;
  private final RecentRuns recent;

  RunEmitter(
      RunEventFactory events,
      ApplicationRun application,
      EmissionQueue emission,
      RecentRuns recent) {
    this.events = events;
    this.application = application;
    this.emission = emission;
    this.recent = recent;
  }

  /** Emits the event a run decision calls for; static events are emitted by the agent. */
  void emit(Decision decision) {
    if (decision instanceof Decision.Start start) {
      start(start.run());
    } else if (decision instanceof Decision.Running running) {
      emit(EventType.RUNNING, running.run(), running.time(), null);
    } else if (decision instanceof Decision.Terminal terminal) {
      terminal(terminal.run(), terminal.time(), terminal.failure());
    } else if (decision instanceof Decision.Abort abort) {
      emit(EventType.ABORT, abort.run(), abort.time(), new RunEventFactory.Stopped(abort.reason()));
    } else {
      throw new IllegalArgumentException("not a run event: " + decision);
    }
  }

  /** START of {@code run}, at its start time. */
  void start(ExecutionRun run) {
    emit(EventType.START, run, run.startTime, null);
  }

  /** COMPLETE of {@code run}, or FAIL when {@code failure} is not null. */
  void terminal(ExecutionRun run, long time, Throwable failure) {
    emit(failure == null ? EventType.COMPLETE : EventType.FAIL, run, time, failure);
  }

  /** Queues the event; a terminal one is also recorded in {@link RecentRuns}. */
  private void emit(EventType type, ExecutionRun run, long time, Throwable failure) {
    OpenLineage.RunEvent event = events.executionEvent(type, time, run, application, failure);
    emission.submit(event);
    if (type == EventType.COMPLETE || type == EventType.FAIL || type == EventType.ABORT) {
      recent.ended(event, run.startTime);
    }
  }
}
