package io.headwater.spark.extensions;

import io.headwater.spark.api.QueryPlanVisitor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * The plan visitors of one reading looked up by node class, so that a node meets only the visitors
 * that can be defined at it: a {@link QueryPlanVisitor} only at instances of its {@link
 * QueryPlanVisitor#handledNodeType() node type}, a visitor that declares no type (any other {@code
 * PartialFunction}, e.g. a third party's) at every node. The visitors for a concrete node class are
 * worked out the first time a node of that class is met and kept; they are always in the order of
 * the list given (the order the factories list them), which decides the order of datasets and which
 * job-name suffix wins.
 *
 * <p>Safe to use from several threads.
 *
 * @param <V> the visitors' type
 */
final class VisitorIndex<V extends PartialFunction<LogicalPlan, ?>> {
  private final List<V> visitors;
  private final Map<Class<?>, List<V>> byNodeClass = new ConcurrentHashMap<>();

  /**
   * @param visitors in the order they are to be asked; no nulls
   */
  VisitorIndex(List<V> visitors) {
    this.visitors = List.copyOf(visitors);
  }

  /** The visitors {@code node} meets, in list order: those whose type it is an instance of. */
  List<V> at(LogicalPlan node) {
    return byNodeClass.computeIfAbsent(node.getClass(), this::meeting);
  }

  private List<V> meeting(Class<?> nodeClass) {
    List<V> met = new ArrayList<>();
    for (V visitor : visitors) {
      if (!(visitor instanceof QueryPlanVisitor<?, ?> typed)
          || typed.handledNodeType().isAssignableFrom(nodeClass)) {
        met.add(visitor);
      }
    }
    return List.copyOf(met);
  }
}
