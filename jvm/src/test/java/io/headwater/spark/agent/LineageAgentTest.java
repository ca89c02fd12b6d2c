package io.headwater.spark.agent;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQueryException;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.After;
import org.junit.Test;

/**
 * The agent end to end on the shared session: a listener built from Spark settings is attached to
 * the session's listener bus, real queries run, and the events it wrote to a file transport are
 * read back — START and a terminal event per operation with one run id, the datasets it read and
 * wrote, the figures of its terminal event, the runs of nested and streaming executions.
 */
public class LineageAgentTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = Duration.ofSeconds(60);

  private final SparkSession spark = LocalSpark.session();
  private final Path events = LocalSpark.newDirectory("agent").resolve("events.jsonl");
  private final OpenLineageSparkListener listener =
      new OpenLineageSparkListener(
          Map.of(
              "spark.app.name", "agent_test",
              "spark.openlineage.namespace", "agent-test",
              "spark.openlineage.transport.type", "file",
              "spark.openlineage.transport.location", events.toString()));

  {
    spark.sparkContext().addSparkListener(listener);
  }

  @After
  public void detach() {
    listener.detach(spark.sparkContext());
  }

  /** The run events the agent emitted so far, in order, once Spark's and its queues drained. */
  private List<JsonNode> emitted() {
    Executions.drain(spark);
    assertTrue("the agent delivered every event", listener.agent().flush(WAIT));
    return events();
  }

  /** Every event in the transport's file, in order. */
  private List<JsonNode> events() {
    try {
      List<JsonNode> all = new ArrayList<>();
      for (String line : Files.readAllLines(events)) {
        all.add(JSON.readTree(line));
      }
      return all;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The events of runs with a dataset (input or output) whose name ends with {@code suffix}. */
  private List<JsonNode> touching(String suffix) {
    return emitted().stream()
        .filter(
            event ->
                names(event.path("inputs")).stream().anyMatch(name -> name.endsWith(suffix))
                    || names(event.path("outputs")).stream()
                        .anyMatch(name -> name.endsWith(suffix)))
        .toList();
  }

  private static List<String> names(JsonNode datasets) {
    return StreamSupport.stream(datasets.spliterator(), false)
        .map(dataset -> dataset.path("name").asText())
        .toList();
  }

  private static List<String> types(List<JsonNode> events) {
    return events.stream().map(event -> event.path("eventType").asText()).toList();
  }

  private static void assertOneRun(List<JsonNode> events) {
    assertEquals(
        "one run id: " + events,
        1,
        events.stream().map(event -> event.path("run").path("runId").asText()).distinct().count());
  }

  /** The {@code rowCount} of the {@code facet} statistics facet of the event's first dataset. */
  private static long rowCount(JsonNode event, String datasets, String facets, String facet) {
    return event.path(datasets).get(0).path(facets).path(facet).path("rowCount").asLong(-1);
  }

  private static String jobName(JsonNode event) {
    return event.path("job").path("name").asText();
  }

  private Path parquet(String name, int rows) {
    Path path = LocalSpark.newDirectory("agent").resolve(name);
    spark.range(rows).selectExpr("id", "id % 2 AS parity").write().parquet(path.toString());
    return path;
  }

  @Test
  public void aWriteOfWhatWasReadIsOneRunWithItsInputOutputAndFigures() {
    Path source = parquet("source", 10);
    Path target = LocalSpark.newDirectory("agent").resolve("evens");

    spark.read().parquet(source.toString()).where("parity = 0").write().parquet(target.toString());

    List<JsonNode> run = touching("/evens");
    assertEquals(List.of("START", "COMPLETE"), types(run));
    assertOneRun(run);
    JsonNode complete = run.get(1);
    assertEquals(List.of(source.toString()), names(complete.path("inputs")));
    assertEquals(List.of(target.toString()), names(complete.path("outputs")));
    assertEquals(5, rowCount(complete, "outputs", "outputFacets", "outputStatistics"));
    assertEquals(10, rowCount(complete, "inputs", "inputFacets", "inputStatistics"));
    assertEquals(-1, rowCount(run.get(0), "outputs", "outputFacets", "outputStatistics"));
    assertEquals(
        "SQL_JOB", complete.path("job").path("facets").path("jobType").path("jobType").asText());
    assertEquals("agent-test", complete.path("job").path("namespace").asText());
    assertTrue(
        jobName(complete),
        jobName(complete).startsWith("agent_test.execute_insert_into_hadoop_fs_relation_command."));
    assertEquals(jobName(run.get(0)), jobName(complete));
    // the run's parent is the application's run, whose COMPLETE the detach emits
    listener.detach(spark.sparkContext());
    JsonNode application =
        events().stream().filter(event -> jobName(event).equals("agent_test")).findFirst().get();
    assertEquals(
        application.path("run").path("runId").asText(),
        complete.path("run").path("facets").path("parent").path("run").path("runId").asText());
  }

  @Test
  public void aFailedWriteIsStartedThenFailedWithTheUsersError() {
    Path target = LocalSpark.newDirectory("agent").resolve("never");

    try {
      spark
          .range(3)
          .selectExpr("raise_error(concat('no row ', CAST(id AS STRING))) AS x")
          .write()
          .parquet(target.toString());
    } catch (RuntimeException expected) {
      // the user's job fails; the agent reports it
    }

    List<JsonNode> run = touching("/never");
    assertEquals(List.of("START", "FAIL"), types(run));
    assertOneRun(run);
    String message =
        run.get(1).path("run").path("facets").path("errorMessage").path("message").asText();
    assertTrue(message, message.contains("no row"));
  }

  @Test
  public void aTableSavedWithItsInsertNestedUnderItIsOneRun() {
    spark.sql("DROP TABLE IF EXISTS agent_saved");

    spark.range(4).write().format("parquet").saveAsTable("agent_saved");

    List<JsonNode> run =
        touching("agent_saved").stream().filter(event -> event.has("eventType")).toList();
    assertEquals(List.of("START", "COMPLETE"), types(run));
    assertOneRun(run);
    // named after the root command; the figures come from the insert nested under it
    assertTrue(
        jobName(run.get(1)), jobName(run.get(1)).contains("execute_save_as_v1_table_command"));
    assertEquals(4, rowCount(run.get(1), "outputs", "outputFacets", "outputStatistics"));
    spark.sql("DROP TABLE agent_saved");
  }

  @Test
  public void aReadThatWritesNothingIsOneRunWithItsInputOnly() {
    Path source = parquet("read_only", 4);

    assertEquals(4, spark.read().parquet(source.toString()).collectAsList().size());

    List<JsonNode> run = touching("/read_only");
    // the write that made the source is a run of its own
    List<JsonNode> reads = run.stream().filter(event -> event.path("outputs").isEmpty()).toList();
    assertEquals(List.of("START", "COMPLETE"), types(reads));
    assertOneRun(reads);
    assertEquals(List.of(source.toString()), names(reads.get(1).path("inputs")));
    // a read-only run is named after the action its call site names
    assertTrue(
        jobName(reads.get(0)), jobName(reads.get(0)).startsWith("agent_test.collect_as_list."));
  }

  @Test
  public void aStreamingQueryIsOneRunWithARunningEventPerMicroBatch() throws Exception {
    Path source = LocalSpark.newDirectory("agent").resolve("stream_in");
    spark.range(3).selectExpr("id AS a").write().json(source.toString());
    Path sink = LocalSpark.newDirectory("agent").resolve("stream_out");

    try {
      spark
          .readStream()
          .schema("a BIGINT")
          .json(source.toString())
          .writeStream()
          .format("parquet")
          .option("path", sink.toString())
          .option("checkpointLocation", LocalSpark.newDirectory("checkpoint").toString())
          .trigger(Trigger.AvailableNow())
          .start()
          .awaitTermination();
    } catch (StreamingQueryException e) {
      throw new IllegalStateException("the stream failed", e);
    }

    List<JsonNode> run = touching("/stream_out");
    assertEquals(List.of("START", "RUNNING", "COMPLETE"), types(run));
    assertOneRun(run);
    assertEquals(
        "STREAMING",
        run.get(0).path("job").path("facets").path("jobType").path("processingType").asText());
    assertEquals(List.of(source.toString()), names(run.get(2).path("inputs")));
    // the micro-batch's figures on RUNNING, the run's totals on COMPLETE
    assertEquals(3, rowCount(run.get(1), "outputs", "outputFacets", "outputStatistics"));
    assertEquals(3, rowCount(run.get(1), "inputs", "inputFacets", "inputStatistics"));
    assertEquals(3, rowCount(run.get(2), "outputs", "outputFacets", "outputStatistics"));
  }
}
