package io.headwater.spark.reading.walk;

import io.headwater.spark.annotation.Internal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The one walk over a logical plan: depth first from the root, into what {@link PlanChildren} says
 * is below each node (children, inner children, subquery plans, cached plans, the hidden queries of
 * commands), each node once (by identity, so a subtree shared by two parents is visited at its
 * first parent). Every callback is told {@link PlanCallback#enter} in pre-order (parents first, in
 * child order) and {@link PlanCallback#leave} in post-order.
 *
 * <p>The walk is iterative, so a deep plan (a 200-branch union, a 50-join chain) cannot overflow
 * the stack. A callback that throws is dropped for the rest of the walk and its failure returned;
 * the other callbacks go on.
 */
@Internal
public final class PlanWalk {
  private PlanWalk() {}

  /** The callbacks that failed, each with its failure, in the order they failed. */
  public record Failures(Map<PlanCallback, RuntimeException> byCallback) {
    public Failures {
      byCallback = Collections.unmodifiableMap(new LinkedHashMap<>(byCallback));
    }

    /** The failure of {@code callback}, or null when it ran to the end. */
    public RuntimeException of(PlanCallback callback) {
      return byCallback.get(callback);
    }
  }

  /**
   * Walks {@code root} once, telling every callback, in list order, about every node.
   *
   * @param connectors asked what is below their commands ({@link PlanChildren})
   * @return the callbacks that threw (and were dropped), none when all ran to the end
   */
  public static Failures walk(
      LogicalPlan root, ConnectorRegistry connectors, List<? extends PlanCallback> callbacks) {
    List<PlanCallback> active = new ArrayList<>(callbacks);
    Map<PlanCallback, RuntimeException> failed = new LinkedHashMap<>();
    Set<LogicalPlan> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Frame> stack = new ArrayDeque<>();
    if (enter(root, active, failed, seen)) {
      stack.push(new Frame(root, PlanChildren.of(root, connectors).iterator()));
    }
    while (!stack.isEmpty()) {
      Frame top = stack.peek();
      if (top.below.hasNext()) {
        LogicalPlan next = top.below.next();
        if (enter(next, active, failed, seen)) {
          stack.push(new Frame(next, PlanChildren.of(next, connectors).iterator()));
        }
        continue;
      }
      stack.pop();
      for (Iterator<PlanCallback> it = active.iterator(); it.hasNext(); ) {
        PlanCallback callback = it.next();
        try {
          callback.leave(top.node);
        } catch (RuntimeException e) {
          failed.put(callback, e);
          it.remove();
        }
      }
    }
    return new Failures(failed);
  }

  /** Enters {@code node} unless it was seen; true when it was entered (its subtree is next). */
  private static boolean enter(
      LogicalPlan node,
      List<PlanCallback> active,
      Map<PlanCallback, RuntimeException> failed,
      Set<LogicalPlan> seen) {
    if (!seen.add(node)) {
      return false;
    }
    for (Iterator<PlanCallback> it = active.iterator(); it.hasNext(); ) {
      PlanCallback callback = it.next();
      try {
        callback.enter(node);
      } catch (RuntimeException e) {
        failed.put(callback, e);
        it.remove();
      }
    }
    return true;
  }

  private record Frame(LogicalPlan node, Iterator<LogicalPlan> below) {}
}
