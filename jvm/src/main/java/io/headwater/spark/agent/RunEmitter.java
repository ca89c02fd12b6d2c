package io.headwater.spark.agent;

import io.headwater.spark.emit.EmissionQueue;
import io.openlineage.client.OpenLineage.RunEvent.EventType;

/**
 * Carries out the run decisions of {@link ExecutionTracker} (and of the RDD-job runs): builds each
 * run event with {@link RunEventFactory} and queues it for delivery. The thin end of the state
 * machine: no decisions are taken here.
 */
final class RunEmitter {
  private final RunEventFactory events;
  private final ApplicationRun application;
  private final EmissionQueue emission;

  RunEmitter(RunEventFactory events, ApplicationRun application, EmissionQueue emission) {
    this.events = events;
    this.application = application;
    this.emission = emission;
  }

  /** Emits the event a run decision calls for; static events are emitted by the agent. */
  void emit(ExecutionTracker.Decision decision) {
    if (decision instanceof ExecutionTracker.Start start) {
      start(start.run());
    } else if (decision instanceof ExecutionTracker.Running running) {
      emit(EventType.RUNNING, running.run(), running.time(), null);
    } else if (decision instanceof ExecutionTracker.Terminal terminal) {
      terminal(terminal.run(), terminal.time(), terminal.failure());
    } else if (decision instanceof ExecutionTracker.Abort abort) {
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

  private void emit(EventType type, ExecutionRun run, long time, Throwable failure) {
    emission.submit(events.executionEvent(type, time, run, application, failure));
  }
}
