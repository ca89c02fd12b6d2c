package io.headwater.spark.emit;

import io.headwater.spark.annotation.Internal;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The agent's delivery accounting, exact and thread-safe. Every event the agent emits is counted
 * once in {@code emitted}; at each destination it then ends in exactly one of {@code delivered},
 * {@code spooled} or {@code dropped} (with a composite transport, once per destination). A spooled
 * event re-sent later is counted in {@code replayed} (also events spooled by an earlier
 * application), or in {@code dropped} when the backend rejects it then. An event cut to fit a
 * destination's size budget ({@link EventBudget}) is also counted once in {@code reduced}.
 */
@Internal
public final class DeliveryCounters {
  private final AtomicLong emitted = new AtomicLong();
  private final AtomicLong delivered = new AtomicLong();
  private final AtomicLong retried = new AtomicLong();
  private final AtomicLong spooled = new AtomicLong();
  private final AtomicLong replayed = new AtomicLong();
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicLong reduced = new AtomicLong();

  /** The counts now. */
  public DeliveryStatus snapshot(boolean endpointDown, String spoolDirectory) {
    return new DeliveryStatus(
        emitted.get(),
        delivered.get(),
        retried.get(),
        spooled.get(),
        replayed.get(),
        dropped.get(),
        reduced.get(),
        endpointDown,
        spoolDirectory);
  }

  void emitted() {
    emitted.incrementAndGet();
  }

  void delivered() {
    delivered.incrementAndGet();
  }

  void retried() {
    retried.incrementAndGet();
  }

  void spooled() {
    spooled.incrementAndGet();
  }

  void replayed() {
    replayed.incrementAndGet();
  }

  void reduced() {
    reduced.incrementAndGet();
  }

  void dropped() {
    dropped.incrementAndGet();
  }
}
