package io.headwater.spark.compat.spark41;

import io.headwater.spark.compat.pipelines.GraphHandle;
import io.headwater.spark.compat.pipelines.PipelineGraph;
import io.headwater.spark.junit.LocalSpark;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.pipelines.graph.GraphRegistrationContext;
import org.apache.spark.sql.pipelines.graph.SqlGraphRegistrationContext;

/**
 * Real pipeline graphs for the JVM tests, defined in SQL the way {@code spark-pipelines} registers
 * a SQL file ({@code SqlGraphRegistrationContext.processSqlFile}) in the shared session ({@link
 * LocalSpark}), and resolved by {@link SparkPipelines41} as the agent resolves a graph.
 */
public final class SqlPipelines {
  /** The path the test graphs' SQL file is registered under (as a spec-relative path). */
  public static final String FILE = "transformations/shop.sql";

  private SqlPipelines() {}

  /** A graph of the shared session holding the statements of {@code sql}, not resolved yet. */
  public static GraphHandle define(String sql, Map<String, String> conf) {
    SparkSession session = (SparkSession) LocalSpark.session();
    scala.collection.immutable.Map<String, String> sqlConf =
        scala.collection.immutable.Map$.MODULE$.from(
            scala.jdk.javaapi.CollectionConverters.asScala(conf));
    GraphRegistrationContext registration =
        new GraphRegistrationContext("spark_catalog", "default", sqlConf);
    new SqlGraphRegistrationContext(registration).processSqlFile(sql, FILE, session);
    return new SparkPipelines41.Captured(
        UUID.randomUUID().toString(), "session-1", registration, session);
  }

  /** The resolved graph of {@code sql}. */
  public static PipelineGraph resolve(String sql) {
    return new SparkPipelines41().resolve(define(sql, Map.of()));
  }

  /**
   * The shop pipeline of the tests: a materialized view over a CSV directory, a temporary view
   * streaming from it and a streaming table over the view.
   *
   * <pre>
   *   csv files ──▶ orders (materialized view) ──▶ big_orders (temporary view) ──▶ order_events
   * </pre>
   */
  public static String shop(Path csvDirectory) {
    return "CREATE MATERIALIZED VIEW orders\n"
        + "COMMENT 'Orders as loaded'\n"
        + "TBLPROPERTIES ('openlineage.tags.tier' = 'bronze', 'quality' = 'raw')\n"
        + "AS SELECT CAST(_c0 AS INT) AS order_id, _c1 AS customer, CAST(_c2 AS DOUBLE) AS amount\n"
        + "FROM csv.`"
        + csvDirectory.toUri()
        + "`;\n"
        + "CREATE TEMPORARY VIEW big_orders AS\n"
        + "SELECT order_id, customer, amount FROM STREAM(orders) WHERE amount > 10;\n"
        + "CREATE STREAMING TABLE order_events\n"
        + "AS SELECT order_id, upper(customer) AS customer, amount * 100 AS amount_cents\n"
        + "FROM STREAM(big_orders);\n";
  }

  /** A new directory holding one headerless CSV file of orders ({@code id,customer,amount}). */
  public static Path ordersCsv() {
    LocalSpark.session(); // starting the session empties build/junit
    Path directory = LocalSpark.newDirectory("orders-csv");
    try {
      Files.writeString(directory.resolve("part-0.csv"), "1,ann,12.5\n2,bob,7.0\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return directory;
  }
}
