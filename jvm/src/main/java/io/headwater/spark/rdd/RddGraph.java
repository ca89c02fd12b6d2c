package io.headwater.spark.rdd;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.ScalaCollections;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.apache.spark.Dependency;
import org.apache.spark.rdd.RDD;

/**
 * The RDDs an RDD is computed from: itself and, transitively, the RDDs of its dependencies (narrow
 * and shuffle), each once, depth first in dependency order. Reads only the dependency lists the
 * DAGScheduler has already computed when it built the job's stages; it never reads partitions or
 * data (so a {@code ParallelCollectionRDD}'s elements are never touched).
 */
@Internal
public final class RddGraph {
  private RddGraph() {}

  /** {@code last} and every RDD it depends on, each once; {@code last} first. */
  public static List<RDD<?>> lineage(RDD<?> last) {
    List<RDD<?>> found = new ArrayList<>();
    Set<RDD<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<RDD<?>> pending = new ArrayDeque<>();
    pending.push(last);
    while (!pending.isEmpty()) {
      RDD<?> rdd = pending.pop();
      if (!seen.add(rdd)) {
        continue;
      }
      found.add(rdd);
      List<RDD<?>> parents = parents(rdd);
      for (int i = parents.size() - 1; i >= 0; i--) {
        pending.push(parents.get(i));
      }
    }
    return found;
  }

  /** The RDDs {@code rdd}'s dependencies point at, in dependency order. */
  public static List<RDD<?>> parents(RDD<?> rdd) {
    List<RDD<?>> parents = new ArrayList<>();
    for (Dependency<?> dependency : ScalaCollections.asJava(rdd.dependencies())) {
      parents.add(dependency.rdd());
    }
    return parents;
  }
}
