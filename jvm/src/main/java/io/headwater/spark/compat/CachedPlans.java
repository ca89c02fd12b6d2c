package io.headwater.spark.compat;

import io.headwater.spark.annotation.Internal;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.columnar.InMemoryRelation;

/**
 * Spark-version seam for cached DataFrames: the logical plan an {@code InMemoryRelation} was built
 * from, which the plan walk descends into (so a cached DataFrame's sources are inputs). Spark 4.0+
 * keeps it ({@code CachedRDDBuilder.logicalPlan()}, the analyzed plan); Spark 3.5 keeps only the
 * physical plan, whose nodes link back to the optimized plan.
 */
@Internal
public interface CachedPlans {
  /** The logical plan {@code cached} was built from; null when it cannot be found. */
  LogicalPlan logicalPlan(InMemoryRelation cached);
}
