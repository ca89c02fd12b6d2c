package io.headwater.spark.reading.walk;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The connectors ({@link Connector}) found through {@link ServiceLoader}, Headwater's own and
 * third-party ones alike, in their documented order: {@link Connector#order()} ascending, ties by
 * class name (never the order of the {@code META-INF/services} files). The plan reading asks them
 * through this class and names no connector.
 */
@Internal
public final class Connectors {
  private static final Comparator<Connector> ORDER =
      Comparator.comparingInt(Connector::order)
          .thenComparing(connector -> connector.getClass().getName());

  private static volatile List<Connector> installed;

  private Connectors() {}

  /**
   * The connectors listed in {@code META-INF/services/io.headwater.spark.api.Connector} as seen by
   * {@code loader}, in order. A connector that cannot be loaded or constructed is handed to {@code
   * failures} and skipped. When {@code loader} sees none, those of the agent's own class loader.
   */
  public static List<Connector> load(ClassLoader loader, Consumer<Throwable> failures) {
    List<Connector> found = services(Connector.class, loader, failures);
    if (found.isEmpty() && loader != Connector.class.getClassLoader()) {
      return load(Connector.class.getClassLoader(), failures);
    }
    found.sort(ORDER);
    return List.copyOf(found);
  }

  /**
   * Every implementation of {@code service} listed in {@code META-INF/services} as seen by {@code
   * loader}, in the order found; one that cannot be loaded or constructed is handed to {@code
   * failures} and skipped (the walk goes on to the next).
   */
  public static <T> List<T> services(
      Class<T> service, ClassLoader loader, Consumer<Throwable> failures) {
    List<T> found = new ArrayList<>();
    Iterator<T> listed = ServiceLoader.load(service, loader).iterator();
    while (true) {
      try {
        if (!listed.hasNext()) {
          break;
        }
        found.add(listed.next());
      } catch (ServiceConfigurationError | LinkageError e) {
        failures.accept(e);
      }
    }
    return found;
  }

  /**
   * The connectors of the driver (the thread's context class loader at first use, else the agent's
   * own), loaded once; those that fail to load are skipped here (the extension loading reports
   * them).
   */
  public static List<Connector> installed() {
    List<Connector> connectors = installed;
    if (connectors == null) {
      ClassLoader context = Thread.currentThread().getContextClassLoader();
      connectors =
          load(context == null ? Connector.class.getClassLoader() : context, failure -> {});
      installed = connectors;
    }
    return connectors;
  }

  /** Every installed connector's answer for {@code ask}, in order (a hook that throws: none). */
  public static <T> List<T> all(Function<Connector, List<T>> ask) {
    List<T> answers = new ArrayList<>();
    for (Connector connector : installed()) {
      try {
        answers.addAll(ask.apply(connector));
      } catch (RuntimeException | LinkageError e) {
        // a connector's hook that throws answers nothing (see Connector)
      }
    }
    return answers;
  }

  /** The first installed connector's answer for {@code ask}, in order. */
  public static <T> Optional<T> first(Function<Connector, Optional<T>> ask) {
    for (Connector connector : installed()) {
      try {
        Optional<T> answer = ask.apply(connector);
        if (answer.isPresent()) {
          return answer;
        }
      } catch (RuntimeException | LinkageError e) {
        // a connector's hook that throws answers nothing (see Connector)
      }
    }
    return Optional.empty();
  }

  /** True when some installed connector answers yes to {@code ask}. */
  public static boolean any(Function<Connector, Boolean> ask) {
    return first(connector -> ask.apply(connector) ? Optional.of(true) : Optional.empty())
        .isPresent();
  }
}
