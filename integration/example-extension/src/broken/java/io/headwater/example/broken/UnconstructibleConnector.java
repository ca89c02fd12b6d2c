package io.headwater.example.broken;

import io.headwater.spark.api.Connector;

/** A connector whose constructor throws: ServiceLoader cannot instantiate it. */
public final class UnconstructibleConnector implements Connector {
  public UnconstructibleConnector() {
    throw new IllegalStateException("UnconstructibleConnector refuses to start");
  }

  @Override
  public int order() {
    return 60;
  }
}
