package io.headwater.spark.extensions;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.reading.walk.ConnectorRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Finds every {@link OpenLineageEventHandlerFactory} and every {@link Connector} through {@link
 * ServiceLoader}, once per agent, and orders them: user factories first (in class-path order), then
 * the connectors, Headwater's own and third-party ones, in their documented order ({@link
 * Connector#order()}). The same connectors serve as factories (their visitors and builders) and as
 * the {@link ConnectorRegistry} the plan reading asks its hook questions. A factory or connector
 * that cannot be loaded or constructed, and a connector hook that throws, are reported once through
 * {@link ExtensionFailures} and skipped.
 */
@Internal
public final class EventHandlerFactories {
  private EventHandlerFactories() {}

  /**
   * What one {@link ServiceLoader} walk found.
   *
   * @param factories in the order they run: user factories first, then the connectors
   * @param connectors the same connectors, for the plan reading's hooks
   */
  public record Found(
      List<OpenLineageEventHandlerFactory> factories, ConnectorRegistry connectors) {
    public Found {
      factories = List.copyOf(factories);
    }
  }

  /**
   * The factories and connectors {@code loader} sees (connectors: those of the agent's own class
   * loader when {@code loader} sees none).
   *
   * @param failures where load failures and, later, connector hook failures are reported
   */
  public static Found discover(ClassLoader loader, ExtensionFailures failures) {
    List<OpenLineageEventHandlerFactory> factories = new ArrayList<>();
    for (OpenLineageEventHandlerFactory factory :
        ConnectorRegistry.services(
            OpenLineageEventHandlerFactory.class, loader, failures::reportLoading)) {
      if (!(factory instanceof Connector)) {
        factories.add(factory); // connectors run from their own service file, in their order
      }
    }
    ConnectorRegistry connectors =
        ConnectorRegistry.load(loader, failures::reportLoading, failures::report);
    factories.addAll(connectors.connectors());
    return new Found(factories, connectors);
  }

  /** The factories of {@link #discover}, in the order they run. */
  public static List<OpenLineageEventHandlerFactory> load(
      ClassLoader loader, ExtensionFailures failures) {
    return discover(loader, failures).factories();
  }
}
