package io.headwater.spark.compat.spark40;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.CachedPlans;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.columnar.InMemoryRelation;

/**
 * {@link CachedPlans} for Spark 4.0 and later: {@code CachedRDDBuilder.logicalPlan()}, the analyzed
 * plan the cache was built from.
 */
@Internal
public final class CachedPlans40 implements CachedPlans {
  @Override
  public LogicalPlan logicalPlan(InMemoryRelation cached) {
    return cached.cacheBuilder().logicalPlan();
  }
}
