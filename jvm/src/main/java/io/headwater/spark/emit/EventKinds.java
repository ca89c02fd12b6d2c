package io.headwater.spark.emit;

import io.openlineage.client.OpenLineage;
import java.util.function.Consumer;

/** Hands an event to the one of three overloads (client or transport) that takes its kind. */
final class EventKinds {
  private EventKinds() {}

  /**
   * Calls {@code run}, {@code dataset} or {@code job} with {@code event}, by its kind.
   *
   * @throws IllegalArgumentException for an event of no OpenLineage kind
   */
  static void send(
      OpenLineage.BaseEvent event,
      Consumer<OpenLineage.RunEvent> run,
      Consumer<OpenLineage.DatasetEvent> dataset,
      Consumer<OpenLineage.JobEvent> job) {
    if (event instanceof OpenLineage.RunEvent runEvent) {
      run.accept(runEvent);
    } else if (event instanceof OpenLineage.DatasetEvent datasetEvent) {
      dataset.accept(datasetEvent);
    } else if (event instanceof OpenLineage.JobEvent jobEvent) {
      job.accept(jobEvent);
    } else {
      throw new IllegalArgumentException("not an OpenLineage event: " + event.getClass());
    }
  }
}
