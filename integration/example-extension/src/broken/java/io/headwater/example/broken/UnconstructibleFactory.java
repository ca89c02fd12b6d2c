package io.headwater.example.broken;

import io.headwater.spark.api.OpenLineageEventHandlerFactory;

/** A factory whose constructor throws: ServiceLoader cannot instantiate it. */
public final class UnconstructibleFactory implements OpenLineageEventHandlerFactory {
  public UnconstructibleFactory() {
    throw new IllegalStateException("UnconstructibleFactory refuses to start");
  }
}
