package io.headwater.spark.junit;

import io.headwater.spark.TestContexts;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.extensions.RunContexts;
import io.headwater.spark.facets.HeadwaterVersion;
import io.openlineage.client.OpenLineage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;

/**
 * The one local SparkSession every JUnit test class shares, created on first use and kept for the
 * JVM (Gradle runs all test classes in one JVM), and the {@link OpenLineageContext} the agent would
 * give visitors on it.
 *
 * <p>The session mirrors pytest's ({@code pyproject.toml}), scaled down: {@code local[1]}, no UI,
 * one shuffle partition; a Hive metastore on embedded Derby when {@code spark-hive} is on the class
 * path (it is: Spark's jars come from the pyspark wheel); Delta Lake as the session catalog and
 * Apache Iceberg as the Hadoop catalog {@code iceberg}, when their jars are on the class path
 * ({@code build.gradle}'s test dependencies); the DataSourceV2 test catalog {@code testcat} ({@link
 * io.headwater.spark.testing.InMemoryTableCatalog}). Everything it writes is under {@code
 * build/junit}, which is emptied when the session starts.
 */
public final class LocalSpark {
  /** Everything the session writes: warehouse, metastore, Iceberg warehouse, test files. */
  public static final Path ROOT = Path.of("build", "junit").toAbsolutePath();

  private static final String DELTA_CATALOG = "org.apache.spark.sql.delta.catalog.DeltaCatalog";
  private static final String ICEBERG_CATALOG = "org.apache.iceberg.spark.SparkCatalog";
  private static final String HIVE_STATE = "org.apache.spark.sql.hive.HiveSessionStateBuilder";
  private static final AtomicInteger DIRECTORIES = new AtomicInteger();
  private static SparkSession session;

  private LocalSpark() {}

  /** The shared session, created on first use. */
  public static synchronized SparkSession session() {
    if (session == null) {
      session = start();
    }
    return session;
  }

  /**
   * The context the agent gives the visitors of a run on the shared session, made the agent's way
   * ({@link RunContexts}: the standard dataset factory with the session's catalog metadata) with
   * the default configuration, fresh run ids and no query execution (no built-in visitor reads it).
   * The one place tests construct a context on a session.
   */
  public static OpenLineageContext context() {
    return new RunContexts(
            new OpenLineage(HeadwaterVersion.PRODUCER),
            TestContexts.defaultConfig(),
            UUID.randomUUID())
        .of(UUID.randomUUID(), Optional.of(session()), Optional.empty());
  }

  /** A new empty directory under {@code build/junit/files}, named after {@code name}. */
  public static Path newDirectory(String name) {
    Path directory = ROOT.resolve("files").resolve(name + "-" + DIRECTORIES.incrementAndGet());
    try {
      return Files.createDirectories(directory);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** True when {@code className} can be loaded (an optional connector on the test class path). */
  private static boolean present(String className) {
    try {
      Class.forName(className, false, LocalSpark.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static SparkSession start() {
    deleteRecursively(ROOT);
    System.setProperty("derby.system.home", ROOT.resolve("derby").toString());
    SparkSession.Builder builder =
        SparkSession.builder()
            .master("local[1]")
            .appName("headwater-junit")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "1")
            .config("spark.default.parallelism", "1")
            .config("spark.sql.warehouse.dir", ROOT.resolve("warehouse").toString())
            .config(
                "spark.hadoop.javax.jdo.option.ConnectionURL",
                "jdbc:derby:;databaseName=" + ROOT.resolve("metastore_db") + ";create=true")
            .config("spark.sql.catalog.testcat", "io.headwater.spark.testing.InMemoryTableCatalog");
    if (present(HIVE_STATE)) {
      builder.config("spark.sql.catalogImplementation", "hive");
    }
    if (present(DELTA_CATALOG)) {
      builder
          .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
          .config("spark.sql.catalog.spark_catalog", DELTA_CATALOG)
          .config("spark.databricks.delta.snapshotPartitions", "1");
    }
    if (present(ICEBERG_CATALOG)) {
      builder
          .config("spark.sql.catalog.iceberg", ICEBERG_CATALOG)
          .config("spark.sql.catalog.iceberg.type", "hadoop")
          .config("spark.sql.catalog.iceberg.warehouse", ROOT.resolve("iceberg").toString());
    }
    return builder.getOrCreate();
  }

  private static void deleteRecursively(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot empty " + root, e);
    }
  }
}
