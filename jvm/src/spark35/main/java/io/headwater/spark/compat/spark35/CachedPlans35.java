package io.headwater.spark.compat.spark35;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.CachedPlans;
import io.headwater.spark.compat.ScalaCollections;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.columnar.InMemoryRelation;

/**
 * {@link CachedPlans} for Spark 3.5, whose {@code CachedRDDBuilder} keeps only the physical plan of
 * a cached DataFrame ({@code cachedPlan()}). Physical nodes link back to the logical node they were
 * planned from ({@code SparkPlan.logicalLink}), so the cached DataFrame's optimized logical plan is
 * the link of the topmost physical node that has one:
 *
 * <pre>
 *   WholeStageCodegenExec            (no link)
 *     +- ProjectExec                 -> Project [(id * 2) AS twice] +- Range   (the answer)
 *          +- RangeExec
 *   AdaptiveSparkPlanExec            (no link; searched through its initial plan)
 * </pre>
 *
 * Nodes without a link (code-generation stages, {@code InputAdapter}, {@code ColumnarToRow},
 * exchanges Spark adds) are searched through, breadth first. The plan is the optimized one (Spark
 * 4.0+ keeps the analyzed plan); its output has the cached relation's columns in the same
 * positions.
 */
@Internal
public final class CachedPlans35 implements CachedPlans {
  @Override
  public LogicalPlan logicalPlan(InMemoryRelation cached) {
    Deque<SparkPlan> pending = new ArrayDeque<>();
    pending.add(cached.cacheBuilder().cachedPlan());
    while (!pending.isEmpty()) {
      SparkPlan node = pending.poll();
      Optional<LogicalPlan> link = ScalaCollections.asJava(node.logicalLink());
      if (link.isPresent()) {
        return link.get();
      }
      if (node instanceof AdaptiveSparkPlanExec adaptive) {
        pending.add(adaptive.initialPlan());
      }
      pending.addAll(ScalaCollections.asJava(node.children()));
    }
    return null;
  }
}
