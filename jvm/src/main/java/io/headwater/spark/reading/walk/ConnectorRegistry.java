package io.headwater.spark.reading.walk;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import io.headwater.spark.api.RelationStandIn;
import io.headwater.spark.api.RowLevelWrite;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;

/**
 * The agent's connectors ({@link Connector}), built once per agent from the one {@link
 * ServiceLoader} walk that also serves the factories ({@code extensions.EventHandlerFactories}),
 * and the one way the plan reading asks them its hook questions. Connectors are kept in their
 * documented order: {@link Connector#order()} ascending, ties by class name (never the order of the
 * {@code META-INF/services} files).
 *
 * <p>The node hooks ({@link Connector#hiddenQueries}, {@link Connector#standIn}, {@link
 * Connector#rewritesTableRows}, {@link Connector#rowLevelWrite}, {@link
 * Connector#isViewDefinition}) are indexed by node class like the plan visitors: a node is asked of
 * the connectors whose {@link Connector#hookNodeTypes()} it is an instance of, worked out once per
 * concrete node class. A hook that throws (or links against a class that is absent) answers nothing
 * and is reported through {@link HookFailures}, once per connector and hook.
 *
 * <p>Safe to use from several threads.
 */
@Internal
public final class ConnectorRegistry {
  private static final Comparator<Connector> ORDER =
      Comparator.comparingInt(Connector::order)
          .thenComparing(connector -> connector.getClass().getName());

  /** Where a hook that throws is reported ({@code ExtensionFailures#report} in the agent). */
  @FunctionalInterface
  public interface HookFailures {
    /**
     * Reports that a hook of {@code connector} threw.
     *
     * @param connector the connector's class
     * @param hook the hook's name, e.g. {@code hiddenQueries}
     */
    void report(Class<?> connector, String hook, Throwable failure);
  }

  private final List<Connector> connectors;
  private final HookFailures failures;
  private final List<Typed> typed;
  private final Map<Class<?>, List<Connector>> byNodeClass = new ConcurrentHashMap<>();

  private ConnectorRegistry(List<Connector> connectors, HookFailures failures) {
    List<Connector> ordered = new ArrayList<>(connectors);
    ordered.sort(ORDER);
    this.connectors = List.copyOf(ordered);
    this.failures = failures;
    List<Typed> declared = new ArrayList<>();
    for (Connector connector : this.connectors) {
      declared.add(new Typed(connector, declaredNodeTypes(connector)));
    }
    this.typed = List.copyOf(declared);
  }

  /** A connector and the node types its node hooks answer. */
  private record Typed(Connector connector, List<Class<?>> nodeTypes) {}

  /**
   * The registry of {@code connectors}, sorted into their documented order.
   *
   * @param failures where a hook that throws is reported
   */
  public static ConnectorRegistry of(List<Connector> connectors, HookFailures failures) {
    return new ConnectorRegistry(connectors, failures);
  }

  /**
   * The connectors listed in {@code META-INF/services/io.headwater.spark.api.Connector} as seen by
   * {@code loader}; when {@code loader} sees none, those of the agent's own class loader. A
   * connector that cannot be loaded or constructed is handed to {@code loadFailures} and skipped.
   */
  public static ConnectorRegistry load(
      ClassLoader loader, Consumer<Throwable> loadFailures, HookFailures hookFailures) {
    List<Connector> found = services(Connector.class, loader, loadFailures);
    if (found.isEmpty() && loader != Connector.class.getClassLoader()) {
      found = services(Connector.class, Connector.class.getClassLoader(), loadFailures);
    }
    return new ConnectorRegistry(found, hookFailures);
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

  /** The connectors, in their documented order. */
  public List<Connector> connectors() {
    return connectors;
  }

  /** The plans below {@code node} that are not its children ({@link Connector#hiddenQueries}). */
  public List<LogicalPlan> hiddenQueries(LogicalPlan node) {
    return all(node, "hiddenQueries", connector -> connector.hiddenQueries(node));
  }

  /** The first answer of {@link Connector#standIn} for relation {@code node}. */
  public Optional<RelationStandIn> standIn(LogicalPlan node) {
    return first(node, "standIn", connector -> connector.standIn(node));
  }

  /** True when a connector's {@link Connector#rewritesTableRows} says yes for {@code root}. */
  public boolean rewritesTableRows(LogicalPlan root) {
    return any(root, "rewritesTableRows", connector -> connector.rewritesTableRows(root));
  }

  /** The first answer of {@link Connector#rowLevelWrite} for {@code root}. */
  public Optional<RowLevelWrite> rowLevelWrite(LogicalPlan root) {
    return first(root, "rowLevelWrite", connector -> connector.rowLevelWrite(root));
  }

  /** True when a connector's {@link Connector#isViewDefinition} says yes for {@code root}. */
  public boolean isViewDefinition(LogicalPlan root) {
    return any(root, "isViewDefinition", connector -> connector.isViewDefinition(root));
  }

  /**
   * True when a connector's {@link Connector#isTemporaryViewDefinition} says yes for {@code root}.
   */
  public boolean isTemporaryViewDefinition(LogicalPlan root) {
    return any(
        root, "isTemporaryViewDefinition", connector -> connector.isTemporaryViewDefinition(root));
  }

  /** The first answer of {@link Connector#viewText} for {@code root}. */
  public Optional<String> viewText(LogicalPlan root) {
    return first(root, "viewText", connector -> connector.viewText(root));
  }

  /**
   * True when a connector's {@link Connector#changesOnlyTableMetadata} says yes for {@code root}.
   */
  public boolean changesOnlyTableMetadata(LogicalPlan root) {
    return any(
        root, "changesOnlyTableMetadata", connector -> connector.changesOnlyTableMetadata(root));
  }

  /** True when a connector's {@link Connector#dropsTable} says yes for {@code root}. */
  public boolean dropsTable(LogicalPlan root) {
    return any(root, "dropsTable", connector -> connector.dropsTable(root));
  }

  /**
   * The first answer of {@link Connector#tableVersion} for dataset {@code namespace} + {@code name}
   * (asked of every connector: a dataset is not a plan node).
   */
  public Optional<String> tableVersion(String namespace, String name, Configuration hadoopConf) {
    return first(
        connectors,
        "tableVersion",
        connector -> connector.tableVersion(namespace, name, hadoopConf));
  }

  /**
   * The first answer of {@link Connector#streamBatchRoots} for {@code relation} (asked of every
   * connector: a relation is not a plan node).
   */
  public Optional<List<Path>> streamBatchRoots(
      HadoopFsRelation relation, Configuration hadoopConf) {
    return first(
        connectors,
        "streamBatchRoots",
        connector -> connector.streamBatchRoots(relation, hadoopConf));
  }

  /** The connectors whose node hooks answer at {@code node}, in order. */
  private List<Connector> at(LogicalPlan node) {
    return byNodeClass.computeIfAbsent(node.getClass(), this::meeting);
  }

  private List<Connector> meeting(Class<?> nodeClass) {
    List<Connector> met = new ArrayList<>();
    for (Typed each : typed) {
      if (each.nodeTypes().stream().anyMatch(type -> type.isAssignableFrom(nodeClass))) {
        met.add(each.connector());
      }
    }
    return List.copyOf(met);
  }

  /** What {@code connector} declares; every node when the declaration throws (reported). */
  private List<Class<?>> declaredNodeTypes(Connector connector) {
    try {
      Collection<Class<?>> declared = connector.hookNodeTypes();
      if (declared != null) {
        return declared.stream().filter(java.util.Objects::nonNull).toList();
      }
    } catch (RuntimeException | LinkageError e) {
      failures.report(connector.getClass(), "hookNodeTypes", e);
    }
    return List.of(LogicalPlan.class);
  }

  private <T> List<T> all(LogicalPlan node, String hook, Function<Connector, List<T>> ask) {
    List<T> answers = new ArrayList<>();
    for (Connector connector : at(node)) {
      try {
        List<T> answer = ask.apply(connector);
        if (answer != null) {
          answers.addAll(answer);
        }
      } catch (RuntimeException | LinkageError e) {
        failures.report(connector.getClass(), hook, e);
      }
    }
    return answers;
  }

  private <T> Optional<T> first(
      LogicalPlan node, String hook, Function<Connector, Optional<T>> ask) {
    return first(at(node), hook, ask);
  }

  private <T> Optional<T> first(
      List<Connector> asked, String hook, Function<Connector, Optional<T>> ask) {
    for (Connector connector : asked) {
      try {
        Optional<T> answer = ask.apply(connector);
        if (answer != null && answer.isPresent()) {
          return answer;
        }
      } catch (RuntimeException | LinkageError e) {
        failures.report(connector.getClass(), hook, e);
      }
    }
    return Optional.empty();
  }

  private boolean any(LogicalPlan node, String hook, Function<Connector, Boolean> ask) {
    return first(
            node, hook, connector -> ask.apply(connector) ? Optional.of(true) : Optional.empty())
        .isPresent();
  }
}
