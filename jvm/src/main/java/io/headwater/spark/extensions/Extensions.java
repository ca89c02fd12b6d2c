package io.headwater.spark.extensions;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import scala.PartialFunction;

/**
 * The loaded {@link OpenLineageEventHandlerFactory factories} (user factories first, the built-in
 * last) and the one way every evaluation calls into them: creating visitors and builders, and
 * applying partial functions, each call isolated so that a piece that throws is reported once by
 * {@link ExtensionFailures} and skipped.
 */
@Internal
public final class Extensions {
  private final List<OpenLineageEventHandlerFactory> factories;
  private final ExtensionFailures failures;

  /**
   * @param factories in the order they run: user factories first, the built-in last
   */
  public Extensions(List<OpenLineageEventHandlerFactory> factories, ExtensionFailures failures) {
    this.factories = List.copyOf(factories);
    this.failures = failures;
  }

  public ExtensionFailures failures() {
    return failures;
  }

  /**
   * Everything the factories' {@code method} returns, factory by factory in order. A factory whose
   * method throws (itself, or a visitor or builder constructor it calls) contributes nothing and is
   * reported.
   *
   * @param method the factory method's name, for the report (e.g. {@code createRunFacetBuilders})
   */
  public <X> List<X> create(
      String method,
      Function<OpenLineageEventHandlerFactory, ? extends Collection<? extends X>> creator) {
    List<X> created = new ArrayList<>();
    for (OpenLineageEventHandlerFactory factory : factories) {
      try {
        Collection<? extends X> made = creator.apply(factory);
        if (made != null) {
          made.stream().filter(java.util.Objects::nonNull).forEach(created::add);
        }
      } catch (Throwable t) {
        failures.reportCreation(factory.getClass(), method, t);
      }
    }
    return created;
  }

  /**
   * The concatenated results of every function defined at {@code input}, in order. One whose {@code
   * isDefinedAt} or {@code apply} throws is reported and skipped; a null result counts as none.
   */
  public <T, D> List<D> applyAll(
      List<? extends PartialFunction<? super T, ? extends List<? extends D>>> functions, T input) {
    List<D> result = new ArrayList<>();
    for (PartialFunction<? super T, ? extends List<? extends D>> function : functions) {
      if (isDefinedAt(function, input)) {
        try {
          List<? extends D> found = function.apply(input);
          if (found != null) {
            found.stream().filter(java.util.Objects::nonNull).forEach(result::add);
          }
        } catch (Throwable t) {
          failures.report(function.getClass(), "apply", t);
        }
      }
    }
    return result;
  }

  /** {@code function.isDefinedAt(input)}; false (reported) when it throws. */
  public <T> boolean isDefinedAt(PartialFunction<? super T, ?> function, T input) {
    try {
      return function.isDefinedAt(input);
    } catch (Throwable t) {
      failures.report(function.getClass(), "isDefinedAt", t);
      return false;
    }
  }
}
