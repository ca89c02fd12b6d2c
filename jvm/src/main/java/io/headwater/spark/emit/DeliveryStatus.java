package io.headwater.spark.emit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headwater.spark.annotation.Internal;

/**
 * A snapshot of the agent's delivery counters ({@link DeliveryCounters}), as Python's {@code
 * headwater.status(spark)} returns it.
 *
 * @param emitted events the agent handed to delivery
 * @param delivered events the transport took on the first try or after retries
 * @param retried attempts after the first one (each retry of each event)
 * @param spooled events written to the spool after the retry policy gave up (or at application end,
 *     or while the endpoint was known to be down)
 * @param replayed spooled events (of this application or an earlier one) delivered later
 * @param dropped events lost for good: rejected by the backend (HTTP 400, 409, 415, 422; a 413 only
 *     for an event that cannot be cut further), a full emission queue, a full or unwritable spool,
 *     the spool turned off, or a send still in flight when the close timeout ran out
 * @param reduced events cut to fit a destination's size budget (a configured one, Kafka's {@code
 *     max.request.size}, or the size an endpoint refused with HTTP 413), then delivered, spooled or
 *     dropped like any other; counted once per event and destination
 * @param endpointDown whether a destination is known to be down now
 * @param spoolDirectory the spool's root directory, or null when the spool is off
 */
@Internal
public record DeliveryStatus(
    long emitted,
    long delivered,
    long retried,
    long spooled,
    long replayed,
    long dropped,
    long reduced,
    boolean endpointDown,
    String spoolDirectory) {

  /** True when every event emitted was delivered (none spooled or dropped). */
  public boolean allDelivered() {
    return spooled == 0 && dropped == 0;
  }

  /**
   * Events that ended anywhere but at their destination: {@code spooled + dropped} (Python's {@code
   * headwater.flush} compares it with its value at the previous flush).
   */
  public long undelivered() {
    return spooled + dropped;
  }

  /** The status as a JSON object (for Python), with the record's component names as keys. */
  public String toJson() {
    try {
      return new ObjectMapper().writeValueAsString(this);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a record of numbers always serialises", e);
    }
  }
}
