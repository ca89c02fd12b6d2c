package io.headwater.spark.connectors.jdbc;

import io.headwater.spark.compat.ScalaCollections;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.spark.sql.execution.datasources.jdbc.JDBCOptions;
import org.apache.spark.sql.execution.datasources.jdbc.JDBCRDD;
import org.apache.spark.sql.execution.datasources.jdbc.JDBCRelation;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Spark schemas of the tables a JDBC {@code query} read reads, asked of the database the way
 * Spark asks it for a {@code dbtable} read ({@code JDBCRDD.resolveTable}: the dialect's zero-row
 * schema query, its result-set metadata mapped by the dialect), on a connection opened with the
 * read's own options (driver, credentials, {@code sessionInitStatement}, ...), so a table read
 * through {@code query} gets the same {@code schema} facet as the same table read through {@code
 * dbtable}.
 *
 * <p>Bounded and failure-tolerant, since it runs while the agent reads a plan:
 *
 * <ul>
 *   <li>each table is fetched once per relation (cached while the plan holds the relation, weakly
 *       keyed by it, so that the START and the terminal event and the column analysis share one
 *       fetch);
 *   <li>the fetches run on at most {@value #MAX_FETCHERS} daemon threads of their own; a reading
 *       waits at most {@link #WAIT} for all tables of one relation; a statement runs at most
 *       {@value #QUERY_TIMEOUT_SECONDS} s unless the read sets a shorter {@code queryTimeout};
 *   <li>a table that cannot be fetched in time (unreachable server, no privilege, a name the
 *       database does not know, all fetchers busy) has no schema; a fetch still running when the
 *       wait ends stays cached, so a later event of the same run may have it. Nothing is thrown and
 *       no message quotes the URL or options.
 * </ul>
 */
final class JdbcTableSchemas {
  /** How long one reading waits for the schemas of one relation's tables. */
  static final Duration WAIT = Duration.ofSeconds(5);

  static final int QUERY_TIMEOUT_SECONDS = 5;
  static final int MAX_FETCHERS = 2;

  private static final Logger LOG = LoggerFactory.getLogger(JdbcTableSchemas.class);

  /** Options of the read that a schema fetch of one table does not take over (lower case). */
  private static final Set<String> DROPPED =
      Set.of(
          "query",
          "dbtable",
          "preparequery",
          "querytimeout",
          "partitioncolumn",
          "lowerbound",
          "upperbound",
          "numpartitions");

  private static final ThreadPoolExecutor FETCHERS =
      new ThreadPoolExecutor(
          0,
          MAX_FETCHERS,
          30,
          TimeUnit.SECONDS,
          new SynchronousQueue<>(),
          runnable -> {
            Thread thread = new Thread(runnable, "headwater-jdbc-metadata");
            thread.setDaemon(true);
            return thread;
          });
  private static final Map<Object, Map<String, CompletableFuture<Optional<StructType>>>> FETCHED =
      Collections.synchronizedMap(new WeakHashMap<>());

  private JdbcTableSchemas() {}

  /**
   * The schema of each table of {@code tables} that could be fetched in time, by the table's name
   * as Spark's {@code dbtable} option takes it (for example {@code "sales"."orders"}).
   *
   * @param relation the read: its options open the connection
   * @param tables the tables, each as {@code dbtable} text quoted for the database
   */
  static Map<String, StructType> of(JDBCRelation relation, List<String> tables) {
    return of(relation, relation.jdbcOptions(), tables);
  }

  /**
   * As {@link #of(JDBCRelation, List)}, fetches cached under {@code owner} (held weakly) with the
   * connection options {@code read}.
   */
  static Map<String, StructType> of(Object owner, JDBCOptions read, List<String> tables) {
    Map<String, CompletableFuture<Optional<StructType>>> pending = new LinkedHashMap<>();
    Map<String, CompletableFuture<Optional<StructType>>> cache =
        FETCHED.computeIfAbsent(owner, r -> Collections.synchronizedMap(new HashMap<>()));
    for (String table : tables) {
      pending.put(table, cache.computeIfAbsent(table, t -> fetch(read, t)));
    }
    long deadline = System.nanoTime() + WAIT.toNanos();
    Map<String, StructType> schemas = new LinkedHashMap<>();
    pending.forEach(
        (table, future) -> {
          try {
            Optional<StructType> schema =
                future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (schema != null && schema.isPresent()) {
              schemas.put(table, schema.get());
            }
          } catch (TimeoutException e) {
            LOG.debug("Headwater: the schema of a JDBC query's table is not known in time");
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } catch (ExecutionException e) {
            // fetch() completes normally; nothing to report
          }
        });
    cache.entrySet().removeIf(entry -> isRejected(entry.getValue()));
    return schemas;
  }

  /** A future of the table's schema; one completed with null when every fetcher is busy. */
  private static CompletableFuture<Optional<StructType>> fetch(JDBCOptions read, String table) {
    try {
      return CompletableFuture.supplyAsync(() -> resolve(read, table), FETCHERS);
    } catch (RejectedExecutionException e) {
      return CompletableFuture.completedFuture(null); // all fetchers busy: try again next time
    }
  }

  private static boolean isRejected(CompletableFuture<Optional<StructType>> future) {
    return future.isDone() && future.getNow(Optional.empty()) == null;
  }

  /** The table's schema as Spark reads it with the read's options, {@code dbtable} = table. */
  private static Optional<StructType> resolve(JDBCOptions read, String table) {
    try {
      return Optional.of(JDBCRDD.resolveTable(tableOptions(read, table)));
    } catch (Exception | LinkageError e) {
      // the driver's message may quote the URL or SQL: only the type is logged
      LOG.debug(
          "Headwater: the schema of a JDBC query's table could not be read ({})",
          e.getClass().getName());
      return Optional.empty();
    }
  }

  /**
   * The read's options for a {@code dbtable} read of {@code table}: without {@code query}, {@code
   * prepareQuery} (which only prefixes the read's own query) and partitioning, with a bounded
   * {@code queryTimeout}.
   */
  static JDBCOptions tableOptions(JDBCOptions read, String table) {
    Map<String, String> options = new HashMap<>();
    ScalaCollections.asJava(read.parameters().originalMap())
        .forEach(
            (key, value) -> {
              if (!DROPPED.contains(key.toLowerCase(Locale.ROOT))) {
                options.put(key, value);
              }
            });
    int timeout = read.queryTimeout();
    options.put(
        JDBCOptions.JDBC_QUERY_TIMEOUT(),
        String.valueOf(
            timeout > 0 && timeout < QUERY_TIMEOUT_SECONDS ? timeout : QUERY_TIMEOUT_SECONDS));
    return new JDBCOptions(read.url(), table, scalaMap(options));
  }

  /** {@code map} as the Scala map {@code JDBCOptions} takes. */
  @SuppressWarnings("unchecked") // updated(K, V1 >: V) is seen from Java as returning a raw Map
  static scala.collection.immutable.Map<String, String> scalaMap(Map<String, String> map) {
    scala.collection.immutable.Map<String, String> result =
        scala.collection.immutable.Map$.MODULE$.<String, String>empty();
    for (Map.Entry<String, String> entry : map.entrySet()) {
      result = result.updated(entry.getKey(), entry.getValue());
    }
    return result;
  }
}
