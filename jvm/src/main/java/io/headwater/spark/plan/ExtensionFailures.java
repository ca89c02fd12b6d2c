package io.headwater.spark.plan;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs the failure of a factory, visitor or builder once per class and what failed ({@code isDefinedAt},
 * {@code apply}, construction), so a broken extension is reported without flooding the log. The caller skips the
 * failed piece and goes on with everything else.
 */
public final class ExtensionFailures {
  private static final Logger LOG = LoggerFactory.getLogger(ExtensionFailures.class);
  private final Set<String> reported = ConcurrentHashMap.newKeySet();

  /**
   * @param owner the class that failed
   * @param stage what it was doing, e.g. {@code apply}
   */
  public void report(Class<?> owner, String stage, Throwable failure) {
    if (failure instanceof VirtualMachineError error) {
      throw error;
    }
    if (reported.add(owner.getName() + "#" + stage)) {
      LOG.warn("Headwater: {} failed in {} and is skipped (reported once): {}", owner.getName(), stage, failure.toString());
    }
  }
}
