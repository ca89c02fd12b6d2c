package io.headwater.spark.versions;

import io.headwater.spark.compat.CachedPlans;
import io.headwater.spark.compat.CatalogAccess;
import io.headwater.spark.compat.StreamingPlans;
import io.headwater.spark.compat.UnsupportedSparkException;
import io.headwater.spark.compat.V1Writes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Chooses, once per JVM, the implementation of every Spark-version seam ({@code compat}) for the
 * running Spark, by the presence of the classes that tell the versions apart (docs/development.md,
 * "Spark-version seams"). Implementations are named, not imported: each is compiled against the
 * Spark it serves, and an agent jar carries only those of its Scala version, so no class of another
 * Spark version is ever loaded. A Spark for which a seam has no implementation makes {@link #check}
 * throw {@link UnsupportedSparkException}, so the agent turns itself off with one line naming the
 * version instead of failing on every event.
 */
public final class SparkVersions {
  private static final String IMPL = "io.headwater.spark.compat.spark41.";

  /** Present from Spark 4.0: the classic (non-Connect) session. */
  static final String SPARK_4_0 = "org.apache.spark.sql.classic.SparkSession";

  /** Present from Spark 4.1: streaming's runtime package. */
  static final String SPARK_4_1 =
      "org.apache.spark.sql.execution.streaming.runtime.IncrementalExecution";

  /**
   * Per seam, the candidates in order: a marker class, and the implementation to use when it is
   * present (null: the seam's no-op implementation). The first candidate whose marker is present
   * wins.
   */
  private static final Map<Class<?>, List<Candidate>> CANDIDATES =
      Map.of(
          StreamingPlans.class,
          List.of(new Candidate(SPARK_4_1, IMPL + "StreamingPlans41")),
          CachedPlans.class,
          List.of(new Candidate(SPARK_4_0, IMPL + "CachedPlans41")),
          CatalogAccess.class,
          List.of(new Candidate(SPARK_4_0, IMPL + "CatalogAccess41")),
          V1Writes.class,
          List.of(new Candidate(SPARK_4_1, IMPL + "V1Writes41"), new Candidate(SPARK_4_0, null)));

  private static final Map<Class<?>, Object> CHOSEN = new ConcurrentHashMap<>();

  private SparkVersions() {}

  private record Candidate(String marker, String implementation) {}

  /** The streaming seam of the running Spark. */
  public static StreamingPlans streaming() {
    return chosen(StreamingPlans.class, null);
  }

  /** The cached-plan seam of the running Spark. */
  public static CachedPlans cachedPlans() {
    return chosen(CachedPlans.class, null);
  }

  /** The catalog-manager seam of the running Spark. */
  public static CatalogAccess catalogs() {
    return chosen(CatalogAccess.class, null);
  }

  /** The V1-write seam of the running Spark. */
  public static V1Writes v1Writes() {
    return chosen(V1Writes.class, V1Writes.NONE);
  }

  /**
   * Chooses every seam now.
   *
   * @throws UnsupportedSparkException when the running Spark has no implementation of a seam
   */
  public static void check() {
    streaming();
    cachedPlans();
    catalogs();
    v1Writes();
  }

  /** The running Spark's version, e.g. {@code 4.1.4}. */
  public static String sparkVersion() {
    return org.apache.spark.package$.MODULE$.SPARK_VERSION();
  }

  private static <T> T chosen(Class<T> seam, T none) {
    return seam.cast(CHOSEN.computeIfAbsent(seam, s -> choose(seam, none)));
  }

  private static <T> T choose(Class<T> seam, T none) {
    ClassLoader loader = SparkVersions.class.getClassLoader();
    for (Candidate candidate : CANDIDATES.get(seam)) {
      if (!present(candidate.marker(), loader)) {
        continue;
      }
      if (candidate.implementation() == null) {
        return none;
      }
      try {
        return seam.cast(
            Class.forName(candidate.implementation(), true, loader)
                .getDeclaredConstructor()
                .newInstance());
      } catch (ReflectiveOperationException | LinkageError e) {
        throw new UnsupportedSparkException(
            candidate.implementation() + " cannot be loaded on Spark " + sparkVersion() + ": " + e);
      }
    }
    throw new UnsupportedSparkException(
        "none of "
            + CANDIDATES.get(seam).stream().map(Candidate::marker).toList()
            + " is on the class path of Spark "
            + sparkVersion());
  }

  private static boolean present(String className, ClassLoader loader) {
    try {
      Class.forName(className, false, loader);
      return true;
    } catch (ClassNotFoundException | LinkageError absent) {
      return false;
    }
  }
}
