package io.headwater.spark.reading.walk;

import io.headwater.spark.annotation.Internal;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * A callback of the one plan walk ({@link PlanWalk}): told when the walk enters a node (before any
 * node below it) and when it leaves it (after every node below it), once per node. Callbacks do not
 * descend themselves; {@link PlanChildren} decides what is below a node.
 */
@Internal
public interface PlanCallback {
  /** The walk reached {@code node}; nothing below it has been visited yet. */
  default void enter(LogicalPlan node) {}

  /** Everything below {@code node} has been visited. */
  default void leave(LogicalPlan node) {}
}
