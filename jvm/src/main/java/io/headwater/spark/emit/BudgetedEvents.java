package io.headwater.spark.emit;

import io.openlineage.client.OpenLineage;
import java.util.Optional;

/**
 * One destination's events cut to its {@link EventBudget}: each event that had to be cut is counted
 * once as reduced in {@link DeliveryCounters} and logged ({@link DeliveryLog#reduced}), however
 * often the destination refused it. Used by {@link DurableTransport} on the emission thread only.
 */
final class BudgetedEvents {
  private final EventBudget budget;
  private final Destination destination;
  private final DeliveryCounters counters;
  private final DeliveryLog log;
  private boolean counted;

  BudgetedEvents(
      EventBudget budget, Destination destination, DeliveryCounters counters, DeliveryLog log) {
    this.budget = budget;
    this.destination = destination;
    this.counters = counters;
    this.log = log;
  }

  /** The next event to deliver, cut to fit the budget; {@code event} itself when it fits. */
  OpenLineage.BaseEvent next(OpenLineage.BaseEvent event) {
    counted = false;
    return fit(event, false);
  }

  /**
   * After the destination refused {@code sent} (cut from {@code event}) as too large: the budget
   * lowered below its size, and {@code event} cut to it; empty when that is not smaller.
   */
  Optional<OpenLineage.BaseEvent> afterRefusal(
      OpenLineage.BaseEvent event, OpenLineage.BaseEvent sent) {
    long size = EventReduction.size(EventJson.toJson(sent));
    budget.refused(size);
    OpenLineage.BaseEvent smaller = fit(event, true);
    return EventReduction.size(EventJson.toJson(smaller)) < size
        ? Optional.of(smaller)
        : Optional.empty();
  }

  private OpenLineage.BaseEvent fit(OpenLineage.BaseEvent event, boolean refused) {
    Optional<OpenLineage.BaseEvent> reduced = budget.reduced(event);
    if (reduced.isEmpty()) {
      return event;
    }
    log.reduced(destination, EventReduction.size(EventJson.toJson(event)), budget.limit(), refused);
    if (!counted) {
      counted = true;
      counters.reduced();
    }
    return reduced.get();
  }
}
