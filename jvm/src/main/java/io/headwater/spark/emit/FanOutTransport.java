package io.headwater.spark.emit;

import io.openlineage.client.OpenLineage;
import io.openlineage.client.transports.Transport;
import java.util.List;

/**
 * The {@code composite} transport: each event goes to every child in turn. Each child is a {@link
 * DurableTransport} with its own retries and spool, so one failing child neither holds up nor loses
 * the others' events, and its trouble is logged once (rate-limited) instead of with a stack trace
 * per event as the client's composite transport does. ({@code continueOnFailure} and {@code
 * withThreadPool} have nothing left to decide: children never fail and run one after another.)
 */
final class FanOutTransport extends Transport {
  private final List<DurableTransport> children;

  FanOutTransport(List<DurableTransport> children) {
    this.children = List.copyOf(children);
  }

  @Override
  public void emit(OpenLineage.RunEvent event) {
    children.forEach(child -> child.emit(event));
  }

  @Override
  public void emit(OpenLineage.DatasetEvent event) {
    children.forEach(child -> child.emit(event));
  }

  @Override
  public void emit(OpenLineage.JobEvent event) {
    children.forEach(child -> child.emit(event));
  }

  @Override
  public void close() throws Exception {
    Exception first = null;
    for (DurableTransport child : children) {
      try {
        child.close();
      } catch (Exception e) {
        if (first == null) {
          first = e;
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  @Override
  public String toString() {
    return "FanOutTransport" + children;
  }
}
