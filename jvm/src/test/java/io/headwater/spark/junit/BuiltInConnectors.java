package io.headwater.spark.junit;

import io.headwater.spark.reading.walk.ConnectorRegistry;
import java.util.ArrayList;
import java.util.List;

/**
 * The connectors of the test class path (Headwater's own, as {@code META-INF/services} lists them),
 * loaded as the agent loads them; a load or hook failure fails the caller's assertions through
 * {@link #failures()} rather than being lost.
 */
public final class BuiltInConnectors {
  private static final List<Throwable> FAILURES =
      java.util.Collections.synchronizedList(new ArrayList<>());
  private static final ConnectorRegistry REGISTRY =
      ConnectorRegistry.load(
          BuiltInConnectors.class.getClassLoader(),
          FAILURES::add,
          (connector, hook, failure) -> FAILURES.add(failure));

  private BuiltInConnectors() {}

  /** The registry of the built-in connectors, built once for the test JVM. */
  public static ConnectorRegistry registry() {
    return REGISTRY;
  }

  /** What failed to load, or a hook that threw, so far. */
  public static List<Throwable> failures() {
    return List.copyOf(FAILURES);
  }
}
