package io.headwater.spark.junit;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.streaming.runtime.IncrementalExecution;
import org.apache.spark.sql.streaming.DataStreamWriter;
import org.apache.spark.sql.streaming.StreamingQueryException;
import org.apache.spark.sql.streaming.Trigger;

/**
 * Streaming queries over a JSON file source ({@code (a BIGINT, b STRING)}, three rows), run once
 * each with {@code Trigger.AvailableNow} on the shared session, and their micro-batches' {@link
 * IncrementalExecution}s (the agent reads a micro-batch's {@code logical()} plan).
 */
public final class FileStreams {
  private static Path source;
  private static Path parquetSink;
  private static IncrementalExecution parquetBatch;
  private static IncrementalExecution foreachBatch;

  private FileStreams() {}

  /** The directory the streams read. */
  public static synchronized Path source() {
    if (source == null) {
      Path directory = LocalSpark.newDirectory("stream").resolve("in");
      LocalSpark.session()
          .range(3)
          .selectExpr("id AS a", "CAST(id AS STRING) AS b")
          .write()
          .json(directory.toString());
      source = directory;
    }
    return source;
  }

  /** The directory the parquet stream writes ({@link #parquetBatch}). */
  public static synchronized Path parquetSink() {
    parquetBatch();
    return parquetSink;
  }

  /** The micro-batch of {@code writeStream.format("parquet").start(parquetSink())}. */
  public static synchronized IncrementalExecution parquetBatch() {
    if (parquetBatch == null) {
      Path sink = LocalSpark.newDirectory("stream").resolve("out");
      parquetBatch = run(stream().format("parquet").option("path", sink.toString()));
      parquetSink = sink;
    }
    return parquetBatch;
  }

  /** The micro-batch of {@code writeStream.foreachBatch(...)} whose function writes nothing. */
  public static synchronized IncrementalExecution foreachBatch() {
    if (foreachBatch == null) {
      VoidFunction2<Dataset<Row>, Long> nothing = (batch, id) -> {};
      foreachBatch = run(stream().foreachBatch(nothing));
    }
    return foreachBatch;
  }

  private static DataStreamWriter<Row> stream() {
    SparkSession spark = LocalSpark.session();
    return spark
        .readStream()
        .schema("a BIGINT, b STRING")
        .json(source().toString())
        .writeStream()
        .option("checkpointLocation", LocalSpark.newDirectory("checkpoint").toString())
        .trigger(Trigger.AvailableNow());
  }

  private static IncrementalExecution run(DataStreamWriter<Row> writer) {
    List<QueryExecution> executions =
        Executions.of(
            () -> {
              try {
                writer.start().awaitTermination();
              } catch (StreamingQueryException | TimeoutException e) {
                throw new IllegalStateException("the stream failed", e);
              }
            });
    return executions.stream()
        .filter(IncrementalExecution.class::isInstance)
        .map(IncrementalExecution.class::cast)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no micro-batch in " + executions));
  }
}
