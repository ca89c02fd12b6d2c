package io.headwater.spark.agent;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.api.Connector;
import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.junit.After;
import org.junit.Test;

/**
 * What an execution's end reads is read only when it emits: a root whose end emits nothing (its
 * plan's root is in {@code filter.deniedSparkNodes}) reads no table version, while one whose end
 * emits its terminal event reads its output's. The table-version reads are counted by a connector
 * the agent finds through its context class loader, as it finds any installed connector.
 */
public class EndReadsTest {
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final String INSERT =
      "org.apache.spark.sql.execution.datasources.InsertIntoHadoopFsRelationCommand";

  /** A connector that answers no hook and records the datasets whose table version it is asked. */
  public static final class VersionAsking implements Connector {
    static final List<String> ASKED = Collections.synchronizedList(new ArrayList<>());

    @Override
    public int order() {
      return 0;
    }

    @Override
    public Collection<Class<?>> hookNodeTypes() {
      return List.of();
    }

    @Override
    public Optional<String> tableVersion(String namespace, String name, Configuration conf) {
      ASKED.add(name);
      return Optional.empty();
    }
  }

  private final SparkSession spark = LocalSpark.session();
  private final Path directory = LocalSpark.newDirectory("end-reads");
  private final Path events = directory.resolve("events.jsonl");
  private final OpenLineageSparkListener listener = listenerWithTheCountingConnector();

  {
    spark.sparkContext().addSparkListener(listener);
  }

  @After
  public void detach() {
    listener.detach(spark.sparkContext());
  }

  /**
   * The listener, built while the thread's context class loader also lists {@link VersionAsking} as
   * a connector (the agent loads connectors through the loader of the thread that builds it).
   */
  private OpenLineageSparkListener listenerWithTheCountingConnector() {
    VersionAsking.ASKED.clear();
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    try (URLClassLoader withConnector =
        new URLClassLoader(new URL[] {serviceDirectory().toUri().toURL()}, previous)) {
      thread.setContextClassLoader(withConnector);
      OpenLineageSparkListener built =
          new OpenLineageSparkListener(
              Map.of(
                  "spark.app.name",
                  "end_reads_test",
                  "spark.openlineage.transport.type",
                  "file",
                  "spark.openlineage.transport.location",
                  events.toString(),
                  "spark.openlineage.filter.deniedSparkNodes",
                  "[" + INSERT + "]"));
      built.agent(); // waits until the agent is built, its connectors loaded
      return built;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  private Path serviceDirectory() throws MalformedURLException {
    Path services = directory.resolve("services");
    try {
      Path file =
          Files.createDirectories(services.resolve("META-INF/services"))
              .resolve(Connector.class.getName());
      Files.writeString(file, VersionAsking.class.getName() + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return services;
  }

  /** The lines the agent wrote so far, once Spark's and its queues drained. */
  private List<String> emitted() {
    Executions.drain(spark);
    assertTrue("the agent delivered every event", listener.agent().flush(WAIT));
    try {
      return Files.exists(events) ? Files.readAllLines(events) : List.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  public void anEndThatEmitsNothingReadsNoTableVersion() {
    Path denied = directory.resolve("denied");

    spark.range(3).write().parquet(denied.toString());

    assertEquals(
        "no event for a denied root",
        List.of(),
        emitted().stream().filter(line -> line.contains(denied.toString())).toList());
    assertEquals("no table version read", List.of(), List.copyOf(VersionAsking.ASKED));

    spark.sql("DROP TABLE IF EXISTS end_reads_saved");
    spark.range(3).write().format("parquet").saveAsTable("end_reads_saved");

    List<String> saved =
        emitted().stream()
            .filter(line -> line.contains("end_reads_saved") && line.contains("COMPLETE"))
            .toList();
    assertEquals(saved.toString(), 1, saved.size());
    assertEquals(
        "the written table's version, read once for its terminal event",
        1,
        VersionAsking.ASKED.stream().filter(name -> name.contains("end_reads_saved")).count());
    spark.sql("DROP TABLE end_reads_saved");
  }
}
