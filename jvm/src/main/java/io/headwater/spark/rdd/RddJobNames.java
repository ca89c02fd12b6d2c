package io.headwater.spark.rdd;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.naming.NameNormalizer;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.spark.rdd.HadoopRDD;
import org.apache.spark.rdd.MapPartitionsRDD;
import org.apache.spark.rdd.RDD;

/**
 * The job-name suffix of an RDD job, formed as the OpenLineage Spark integration forms it so a user
 * switching agents keeps the job's identity: the final RDD's name, followed by its dependencies'
 * suffixes joined with {@code _} (that dependency part cut at 100 characters; not repeated when it
 * already starts with the RDD's own name). An RDD without a name, a {@code HadoopRDD} named after
 * the path it reads, and a {@code MapPartitionsRDD} named like its parent ({@code sc.textFile}
 * names both after the path) are named by their class instead: the simple name without its trailing
 * {@code RDD<n>}, in snake_case ({@code MapPartitionsRDD} gives {@code map_partitions}, {@code
 * PythonRDD} {@code python}). The caller normalises the whole suffix ({@link NameNormalizer}) and
 * forms {@code <app>.<suffix>}; for PySpark's {@code sc.textFile(p).map(f) .saveAsTextFile(o)} it
 * is {@code map_partitions_python_map_partitions_hadoop}. Keeping paths out of the name keeps one
 * job's identity when it reads a different dated directory each day.
 */
@Internal
public final class RddJobNames {
  private static final int MAX_DEPENDENCY_PART = 100;

  /**
   * Lineages deeper than this (long iterative jobs) are named by their last RDDs only, keeping the
   * walk bounded.
   */
  private static final int MAX_DEPTH = 200;

  private RddJobNames() {}

  /** The normalised suffix of a job whose final stage computes {@code finalRdd}; never empty. */
  public static String suffix(RDD<?> finalRdd) {
    return NameNormalizer.normalize(name(finalRdd, new IdentityHashMap<>(), 0));
  }

  /**
   * Memoised per RDD (a diamond-shaped lineage names each RDD once); below {@link #MAX_DEPTH}
   * levels only own names.
   */
  private static String name(RDD<?> rdd, Map<RDD<?>, String> named, int depth) {
    String known = named.get(rdd);
    if (known != null) {
      return known;
    }
    String own = ownName(rdd);
    List<String> dependencyNames = new ArrayList<>();
    if (depth < MAX_DEPTH) {
      for (RDD<?> parent : RddGraph.parents(rdd)) {
        dependencyNames.add(name(parent, named, depth + 1));
      }
    }
    String result;
    if (dependencyNames.isEmpty()) {
      result = own;
    } else {
      String dependencies = String.join("_", dependencyNames);
      if (dependencies.length() > MAX_DEPENDENCY_PART) {
        dependencies = dependencies.substring(0, MAX_DEPENDENCY_PART);
      }
      result = dependencies.startsWith(own) ? dependencies : own + "_" + dependencies;
    }
    named.put(rdd, result);
    return result;
  }

  private static String ownName(RDD<?> rdd) {
    String name = rdd.name();
    if (name == null || namedAfterItsPath(rdd, name) || namedLikeItsParent(rdd, name)) {
      return NameNormalizer.normalize(rdd.getClass().getSimpleName().replaceAll("RDD\\d*$", ""));
    }
    return name;
  }

  private static boolean namedAfterItsPath(RDD<?> rdd, String name) {
    if (!(rdd instanceof HadoopRDD<?, ?> hadoop)) {
      return false;
    }
    for (Path path : org.apache.hadoop.mapred.FileInputFormat.getInputPaths(hadoop.getJobConf())) {
      if (path.toString().contains(name)) {
        return true;
      }
    }
    return false;
  }

  private static boolean namedLikeItsParent(RDD<?> rdd, String name) {
    return rdd instanceof MapPartitionsRDD<?, ?> mapped && name.equals(mapped.prev().name());
  }
}
