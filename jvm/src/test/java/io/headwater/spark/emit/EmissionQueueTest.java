package io.headwater.spark.emit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClient;
import io.openlineage.client.transports.Transport;
import java.net.URI;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.Test;

/**
 * What the emission queue counts as not delivered: events whose transport failed, and events
 * dropped because the queue was full (Python's {@code flush()} reports on them). The transport is
 * the emit boundary, replaced here by one that fails or blocks on demand.
 */
public class EmissionQueueTest {
  private static final OpenLineage OL = new OpenLineage(URI.create("https://example.com/test"));

  /** Delivers, fails, or blocks until released, as told. */
  private static final class ScriptedTransport extends Transport {
    final List<UUID> delivered = new CopyOnWriteArrayList<>();
    volatile boolean failing;
    volatile CountDownLatch gate = new CountDownLatch(0);

    @Override
    public void emit(OpenLineage.RunEvent event) {
      try {
        gate.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (failing) {
        throw new IllegalStateException("backend down");
      }
      delivered.add(event.getRun().getRunId());
    }

    @Override
    public void emit(OpenLineage.DatasetEvent event) {}

    @Override
    public void emit(OpenLineage.JobEvent event) {}
  }

  private static OpenLineage.RunEvent event() {
    return OL.newRunEventBuilder()
        .eventType(OpenLineage.RunEvent.EventType.START)
        .eventTime(ZonedDateTime.now())
        .run(OL.newRun(UUID.randomUUID(), null))
        .job(OL.newJob("ns", "job", null))
        .inputs(List.of())
        .outputs(List.of())
        .build();
  }

  private static EmissionQueue queue(ScriptedTransport transport, int capacity) {
    return new EmissionQueue(
        new OpenLineageClient(transport, null, new CompositeMeterRegistry()), capacity);
  }

  @Test(timeout = 30_000)
  public void failedDeliveriesAreCounted() {
    ScriptedTransport transport = new ScriptedTransport();
    EmissionQueue queue = queue(transport, 10);

    queue.submit(event());
    assertTrue(queue.drain(Duration.ofSeconds(10)));
    assertEquals(0, queue.undelivered());

    transport.failing = true;
    queue.submit(event());
    queue.submit(event());
    assertTrue(queue.drain(Duration.ofSeconds(10)));
    assertEquals(2, queue.undelivered());
    assertEquals(1, transport.delivered.size());
    queue.close(Duration.ofSeconds(1));
  }

  @Test(timeout = 30_000)
  public void eventsDroppedByAFullQueueAreCounted() {
    ScriptedTransport transport = new ScriptedTransport();
    transport.gate = new CountDownLatch(1);
    EmissionQueue queue = queue(transport, 2);

    for (int i = 0; i < 6; i++) {
      queue.submit(event()); // one is taken by the blocked thread, two wait, the rest are dropped
    }
    transport.gate.countDown();
    assertTrue(queue.drain(Duration.ofSeconds(10)));

    assertEquals(6, transport.delivered.size() + queue.undelivered());
    assertTrue(queue.undelivered() >= 3);
    queue.close(Duration.ofSeconds(1));
  }
}
