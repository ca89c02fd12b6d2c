package io.headwater.spark.extensions;

import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.connectors.BuiltInEventHandlerFactory;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Finds every {@link OpenLineageEventHandlerFactory} through {@link ServiceLoader}, the built-in
 * one included, and orders them: user factories first (in class-path order), the built-in {@link
 * BuiltInEventHandlerFactory} last. A factory that cannot be loaded or constructed is reported once
 * and skipped.
 */
public final class EventHandlerFactories {
  private EventHandlerFactories() {}

  public static List<OpenLineageEventHandlerFactory> load(
      ClassLoader loader, ExtensionFailures failures) {
    List<OpenLineageEventHandlerFactory> user = new ArrayList<>();
    List<OpenLineageEventHandlerFactory> builtIn = new ArrayList<>();
    Iterator<OpenLineageEventHandlerFactory> found =
        ServiceLoader.load(OpenLineageEventHandlerFactory.class, loader).iterator();
    while (true) {
      try {
        if (!found.hasNext()) {
          break;
        }
        OpenLineageEventHandlerFactory factory = found.next();
        (factory instanceof BuiltInEventHandlerFactory ? builtIn : user).add(factory);
      } catch (ServiceConfigurationError | LinkageError e) {
        failures.reportLoading(e);
      }
    }
    if (builtIn.isEmpty()) {
      builtIn.add(new BuiltInEventHandlerFactory());
    }
    user.addAll(builtIn.subList(0, 1));
    return List.copyOf(user);
  }
}
