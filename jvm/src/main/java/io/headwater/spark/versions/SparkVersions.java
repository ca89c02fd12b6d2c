package io.headwater.spark.versions;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.CachedPlans;
import io.headwater.spark.compat.CatalogAccess;
import io.headwater.spark.compat.StreamingPlans;
import io.headwater.spark.compat.UnsupportedSparkException;
import io.headwater.spark.compat.V1Writes;
import io.headwater.spark.compat.pipelines.PipelineGraphs;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Chooses, once per JVM, the implementation of every Spark-version seam ({@code compat}) for the
 * running Spark, by the presence of the classes that tell the versions apart (docs/development.md,
 * "Spark-version seams"). Implementations are named, not imported: each is compiled against the
 * Spark it serves, and an agent jar carries only those of its Scala version, so no class of another
 * Spark version is ever loaded.
 *
 * <p>{@link #check} runs at start-up: a Spark outside {@link #SUPPORTED}, an agent jar built for
 * the other Scala version, or a seam whose implementation cannot be loaded throws {@link
 * UnsupportedSparkException} with one message naming the Spark version and the supported range, so
 * the agent turns itself off with one log line instead of failing on every event.
 */
@Internal
public final class SparkVersions {
  private static final Logger LOG = LoggerFactory.getLogger(SparkVersions.class);

  /** The supported Spark lines, as the agent says it in its log line. */
  public static final String SUPPORTED =
      "Spark 3.5 (Scala 2.12, headwater-spark_2.12.jar) and Spark 4.0 to 4.3 (Scala 2.13,"
          + " headwater-spark_2.13.jar)";

  /** Each supported Spark line ({@code major.minor}) and the Scala binary version it runs. */
  private static final Map<String, String> SCALA_OF_LINE =
      Map.of("3.5", "2.12", "4.0", "2.13", "4.1", "2.13", "4.2", "2.13", "4.3", "2.13");

  private static final String IMPL = "io.headwater.spark.compat.spark";

  /** Present from Spark 4.0: the classic (non-Connect) session. */
  static final String SPARK_4_0 = "org.apache.spark.sql.classic.SparkSession";

  /** Present from Spark 4.1: streaming's runtime package. */
  static final String SPARK_4_1 =
      "org.apache.spark.sql.execution.streaming.runtime.IncrementalExecution";

  /**
   * Present from Spark 4.2: {@code CatalogManager} became an interface with this implementation.
   */
  static final String SPARK_4_2 = "org.apache.spark.sql.connector.catalog.DefaultCatalogManager";

  /**
   * Present from Spark 4.1: Spark Declarative Pipelines' dataflow graph ({@code spark-pipelines}).
   */
  static final String SPARK_PIPELINES = "org.apache.spark.sql.pipelines.graph.DataflowGraph";

  /** Present with Spark Connect, which runs pipelines: the listener event carrying a command. */
  static final String SPARK_CONNECT =
      "org.apache.spark.sql.connect.service.SparkListenerConnectOperationStarted";

  /** The marker of the oldest supported line: any Spark {@link #check} accepted. */
  private static final String ANY = "org.apache.spark.SparkContext";

  /**
   * Per seam, the candidates, newest first: a marker class, and the implementation to use when it
   * is present (null: the seam's no-op implementation). The first candidate whose marker is present
   * wins. An implementation's suffix is the oldest Spark line it serves.
   */
  private static final Map<Class<?>, List<Candidate>> CANDIDATES =
      Map.of(
          StreamingPlans.class,
          List.of(
              new Candidate(SPARK_4_1, IMPL + "41.StreamingPlans41"),
              new Candidate(ANY, IMPL + "35.StreamingPlans35")),
          CachedPlans.class,
          List.of(
              new Candidate(SPARK_4_0, IMPL + "40.CachedPlans40"),
              new Candidate(ANY, IMPL + "35.CachedPlans35")),
          CatalogAccess.class,
          List.of(
              new Candidate(SPARK_4_2, IMPL + "42.CatalogAccess42"),
              new Candidate(ANY, IMPL + "35.CatalogAccess35")),
          V1Writes.class,
          List.of(new Candidate(SPARK_4_1, IMPL + "41.V1Writes41"), new Candidate(ANY, null)));

  private static final Map<Class<?>, Object> CHOSEN = new ConcurrentHashMap<>();

  private SparkVersions() {}

  private record Candidate(String marker, String implementation) {}

  /**
   * The pipelines seam of the running Spark: present when it has Spark Declarative Pipelines and
   * Spark Connect (4.1 and later) and the implementation links; empty otherwise. Optional, unlike
   * the other seams: a Spark without pipelines is silent (a debug line), one whose pipeline classes
   * no longer link against the implementation logs one warning, and the agent runs on without
   * pipeline lineage either way.
   */
  public static Optional<PipelineGraphs> pipelines() {
    return PipelinesHolder.CHOSEN;
  }

  private static final class PipelinesHolder {
    static final Optional<PipelineGraphs> CHOSEN =
        choosePipelines(SparkVersions.class.getClassLoader());
  }

  /** The pipelines seam as {@code loader} sees Spark (visible for the tests). */
  static Optional<PipelineGraphs> choosePipelines(ClassLoader loader) {
    if (!present(SPARK_PIPELINES, loader) || !present(SPARK_CONNECT, loader)) {
      LOG.debug("Headwater: no Spark Declarative Pipelines in this Spark, no pipeline lineage");
      return Optional.empty();
    }
    String implementation = IMPL + "41.SparkPipelines41";
    try {
      return Optional.of(
          Class.forName(implementation, true, loader)
              .asSubclass(PipelineGraphs.class)
              .getDeclaredConstructor()
              .newInstance());
    } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
      LOG.warn(
          "Headwater: Spark Declarative Pipelines of Spark {} cannot be read ({} does not link),"
              + " no pipeline lineage: {}",
          sparkVersion(),
          implementation,
          e.toString());
      return Optional.empty();
    }
  }

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
   * Checks that this agent jar can run on the running Spark and chooses every seam now.
   *
   * @throws UnsupportedSparkException when the Spark version is outside {@link #SUPPORTED}, when
   *     this jar is built for the other Scala version, or when a seam's implementation cannot be
   *     loaded; the message names the Spark version and the supported range
   */
  public static void check() {
    checkRuntime(sparkVersion(), AgentBuild.CURRENT.scala());
    streaming();
    cachedPlans();
    catalogs();
    v1Writes();
  }

  /**
   * Checks that a jar built for {@code jarScala} ({@code unknown} outside a built jar) can run on
   * Spark {@code version}.
   *
   * @throws UnsupportedSparkException when it cannot
   */
  static void checkRuntime(String version, String jarScala) {
    String scala = SCALA_OF_LINE.get(line(version));
    if (scala == null) {
      throw unsupported(version, "it supports " + SUPPORTED);
    }
    if (SCALA_OF_LINE.containsValue(jarScala) && !jarScala.equals(scala)) {
      throw new UnsupportedSparkException(
          "Spark "
              + version
              + " runs Scala "
              + scala
              + " but this is "
              + AgentBuild.jarName(jarScala)
              + ": use "
              + AgentBuild.jarName(scala)
              + " (`headwater jar-path --spark "
              + line(version)
              + "`; Headwater "
              + AgentBuild.CURRENT.version()
              + " supports "
              + SUPPORTED
              + ")");
    }
  }

  /** The running Spark's version, e.g. {@code 4.1.4}. */
  public static String sparkVersion() {
    return org.apache.spark.package$.MODULE$.SPARK_VERSION();
  }

  /**
   * The exception for a Spark the agent cannot run on, its message the agent's log line: {@code
   * Spark <version> is not supported by Headwater <version> (<detail>): run it on a supported Spark
   * (docs/configuration.md, "Messages")}.
   *
   * @param version the Spark version
   * @param detail why, e.g. the class that is missing; the range is added when it does not say it
   */
  public static UnsupportedSparkException unsupported(String version, String detail) {
    String why = detail.contains(SUPPORTED) ? detail : detail + "; it supports " + SUPPORTED;
    return new UnsupportedSparkException(
        "Spark "
            + version
            + " is not supported by Headwater "
            + AgentBuild.CURRENT.version()
            + " ("
            + why
            + "): run it on a supported Spark (docs/configuration.md, \"Messages\")");
  }

  /** {@code major.minor} of a version such as {@code 4.1.4} or {@code 4.2.0-preview1}. */
  static String line(String version) {
    String[] parts = version.split("[.-]", 3);
    return parts.length < 2 ? version : parts[0] + "." + parts[1];
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
        throw unsupported(
            sparkVersion(),
            candidate.implementation() + " cannot be loaded on Spark " + sparkVersion() + ": " + e);
      }
    }
    throw unsupported(
        sparkVersion(),
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
