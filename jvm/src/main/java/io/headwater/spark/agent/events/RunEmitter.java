package io.headwater.spark.agent.events;

import io.headwater.spark.agent.application.ApplicationLineage;
import io.headwater.spark.agent.runs.ApplicationRun;
import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.emit.EmissionQueue;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.RunEvent.EventType;

/**
 * Emits the run events the {@code ExecutionTracker}'s decisions call for (and those of the RDD-job
 * runs): builds each with {@link RunEventFactory} and queues it for delivery. The thin end of the
 * state machine: no decisions are taken here. Ended runs are also recorded in {@link RecentRuns},
 * and in {@link ApplicationLineage} (which keeps what the application's own lineage needs, when
 * that is on).
 */
@Internal
public final class RunEmitter {
  private final RunEventFactory events;
  private final ApplicationRun application;
  private final EmissionQueue emission;
  private final RecentRuns recent;
  private final ApplicationLineage applicationLineage;

  public RunEmitter(
      RunEventFactory events,
      ApplicationRun application,
      EmissionQueue emission,
      RecentRuns recent,
      ApplicationLineage applicationLineage) {
    this.events = events;
    this.application = application;
    this.emission = emission;
    this.recent = recent;
    this.applicationLineage = applicationLineage;
  }

  /** START of {@code run}, at its start time. */
  public void start(OperationRun run) {
    emit(EventType.START, run, run.startTime, null);
  }

  /** RUNNING of a streaming {@code run} at {@code time} (epoch millis). */
  public void running(OperationRun run, long time) {
    emit(EventType.RUNNING, run, time, null);
  }

  /** COMPLETE of {@code run}, or FAIL when {@code failure} is not null. */
  public void terminal(OperationRun run, long time, Throwable failure) {
    emit(failure == null ? EventType.COMPLETE : EventType.FAIL, run, time, failure);
  }

  /** ABORT of {@code run}: its end was lost or the application is going away ({@code reason}). */
  public void abort(OperationRun run, long time, String reason) {
    emit(EventType.ABORT, run, time, new RunEventFactory.Stopped(reason));
  }

  /**
   * Queues the event; a terminal one is also recorded in {@link RecentRuns} and {@link
   * ApplicationLineage}.
   */
  private void emit(EventType type, OperationRun run, long time, Throwable failure) {
    OpenLineage.RunEvent event = events.executionEvent(type, time, run, application, failure);
    emission.submit(event);
    if (type == EventType.COMPLETE || type == EventType.FAIL || type == EventType.ABORT) {
      recent.ended(event, run.startTime);
      applicationLineage.childEnded(event);
    }
  }
}
