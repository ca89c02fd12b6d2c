package io.headwater.spark.extensions;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.logging.OnceLog;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs the failure of a factory, visitor or builder once per class and what failed ({@code
 * isDefinedAt}, {@code apply}, construction), so a broken extension is reported without flooding
 * the log. The caller skips the failed piece and goes on with everything else.
 */
@Internal
public final class ExtensionFailures {
  private static final Logger LOG = LoggerFactory.getLogger(ExtensionFailures.class);
  private final OnceLog reported;

  /** Failures logged as they are. */
  public ExtensionFailures() {
    this(UnaryOperator.identity());
  }

  /**
   * @param scrub applied to every line before it is logged (credential redaction)
   */
  public ExtensionFailures(UnaryOperator<String> scrub) {
    this.reported = new OnceLog(LOG, OnceLog.DEFAULT_CAPACITY, scrub);
  }

  /**
   * Reports that {@code owner} failed while doing {@code stage}, once per class and stage.
   *
   * @param owner the class that failed
   * @param stage what it was doing, e.g. {@code apply}
   * @throws VirtualMachineError rethrown: the JVM is in trouble, not the extension
   */
  public void report(Class<?> owner, String stage, Throwable failure) {
    report(owner.getName(), stage, failure);
  }

  /**
   * A factory's {@code create...} method failed. The class reported is the one whose constructor
   * threw, when the stack trace shows a constructor below the factory method (a visitor or builder
   * failing as it is built), else the factory.
   *
   * @param method the factory method, e.g. {@code createRunFacetBuilders}
   */
  public void reportCreation(Class<?> factory, String method, Throwable failure) {
    String owner = factory.getName();
    for (StackTraceElement frame : failure.getStackTrace()) {
      if (frame.getMethodName().equals(method)) {
        break;
      }
      if (frame.getMethodName().equals("<init>")) {
        owner =
            frame.getClassName(); // the outermost constructor seen so far, below the factory method
      }
    }
    report(
        owner,
        owner.equals(factory.getName())
            ? method
            : "constructor (from " + factory.getName() + "." + method + ")",
        failure);
  }

  /**
   * {@link java.util.ServiceLoader} could not load or instantiate a listed factory: reported under
   * the provider's class name (from the loader's message, {@code Provider <class> could not be
   * instantiated}) with the cause.
   */
  public void reportLoading(Throwable failure) {
    String message = String.valueOf(failure.getMessage());
    java.util.regex.Matcher provider =
        java.util.regex.Pattern.compile("Provider (\\S+)").matcher(message);
    String owner =
        provider.find()
            ? provider.group(1)
            : "META-INF/services/io.headwater.spark.api.OpenLineageEventHandlerFactory";
    report(
        owner,
        "loading (ServiceLoader)",
        failure.getCause() != null ? failure.getCause() : failure);
  }

  private void report(String owner, String stage, Throwable failure) {
    if (failure instanceof VirtualMachineError error) {
      throw error;
    }
    reported.warn(
        owner + "#" + stage,
        "Headwater: {} failed in {} and is skipped (reported once): {}",
        owner,
        stage,
        failure.toString());
  }
}
