package io.headwater.spark.versions;

import io.headwater.spark.compat.CachedPlans;
import io.headwater.spark.compat.StreamingPlans;
import io.headwater.spark.compat.UnsupportedSparkException;
import io.headwater.spark.compat.spark41.CachedPlans41;
import io.headwater.spark.compat.spark41.StreamingPlans41;
import java.util.List;
import java.util.function.Supplier;

/**
 * Chooses, once per JVM, the implementation of every Spark-version seam for the running Spark, by
 * the presence of the classes that tell the versions apart (docs/development.md, "Spark-version
 * seams"). A Spark for which a seam has no implementation makes {@link #check} throw {@link
 * UnsupportedSparkException}, so the agent turns itself off with one line naming the version
 * instead of failing on every event.
 */
public final class SparkVersions {
  private static volatile StreamingPlans streaming;
  private static volatile CachedPlans cachedPlans;

  /** Present from Spark 4.0: the classic (non-Connect) session. */
  static final String SPARK_4_0 = "org.apache.spark.sql.classic.SparkSession";

  private SparkVersions() {}

  /** The streaming seam of the running Spark. */
  public static StreamingPlans streaming() {
    StreamingPlans chosen = streaming;
    if (chosen == null) {
      chosen = choose(List.of(StreamingPlans41.MARKER), List.of(StreamingPlans41::new));
      streaming = chosen;
    }
    return chosen;
  }

  /** The cached-plan seam of the running Spark. */
  public static CachedPlans cachedPlans() {
    CachedPlans chosen = cachedPlans;
    if (chosen == null) {
      chosen = choose(List.of(SPARK_4_0), List.of(CachedPlans41::new));
      cachedPlans = chosen;
    }
    return chosen;
  }

  /**
   * Chooses every seam now.
   *
   * @throws UnsupportedSparkException when the running Spark has no implementation of a seam
   */
  public static void check() {
    streaming();
    cachedPlans();
  }

  /**
   * The implementation whose marker class is present, first match wins; implementations are made
   * only once chosen, so no class of another Spark version is ever loaded.
   */
  private static <T> T choose(List<String> markers, List<Supplier<T>> implementations) {
    ClassLoader loader = SparkVersions.class.getClassLoader();
    for (int i = 0; i < markers.size(); i++) {
      try {
        Class.forName(markers.get(i), false, loader);
        return implementations.get(i).get();
      } catch (ClassNotFoundException | LinkageError absent) {
        // not this version; try the next one
      }
    }
    throw new UnsupportedSparkException(
        "none of " + markers + " is on the class path of Spark " + sparkVersion());
  }

  /** The running Spark's version, e.g. {@code 4.1.4}. */
  public static String sparkVersion() {
    return org.apache.spark.package$.MODULE$.SPARK_VERSION();
  }
}
