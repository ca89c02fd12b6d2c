package io.headwater.spark.extensions;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.reading.walk.Connectors;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Finds every {@link OpenLineageEventHandlerFactory} and every {@link Connector} through {@link
 * ServiceLoader} and orders them: user factories first (in class-path order), then the connectors,
 * Headwater's own and third-party ones, in their documented order ({@link Connector#order()}, see
 * {@link Connectors#load}). A factory or connector that cannot be loaded or constructed is reported
 * once and skipped.
 */
@Internal
public final class EventHandlerFactories {
  private EventHandlerFactories() {}

  public static List<OpenLineageEventHandlerFactory> load(
      ClassLoader loader, ExtensionFailures failures) {
    List<OpenLineageEventHandlerFactory> user = new ArrayList<>();
    for (OpenLineageEventHandlerFactory factory :
        Connectors.services(
            OpenLineageEventHandlerFactory.class, loader, failures::reportLoading)) {
      if (!(factory instanceof Connector)) {
        user.add(factory); // connectors run from their own service file, in their order
      }
    }
    user.addAll(Connectors.load(loader, failures::reportLoading));
    return List.copyOf(user);
  }
}
