package io.headwater.spark.agent;

import io.headwater.spark.agent.events.RecentRuns;
import io.headwater.spark.annotation.Internal;
import java.time.Duration;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.SparkSession;

/**
 * What the Python package calls through py4j, on the listener it finds in the session's listener
 * bus ({@code listener.python()}): flushing, delivery status, the runs it ended lately, and the
 * static-lineage API. Every method runs on the caller's thread; events go to the agent's emission
 * queue.
 */
@Internal
public final class PythonEntryPoints {
  private final LineageAgent agent; // null when the agent is disabled

  PythonEntryPoints(LineageAgent agent) {
    this.agent = agent;
  }

  /**
   * Waits until the lineage of everything Spark has reported to the listener so far has been
   * delivered, spooled or dropped, at most {@code timeoutMillis}. Python's {@code
   * headwater.flush(spark)} calls it after draining Spark's listener bus.
   *
   * @return true when everything was done in time and every event emitted since the previous call
   *     was delivered; false when one was spooled or dropped (the {@link #status} counters) —
   *     always true when the agent is disabled
   */
  public boolean flush(long timeoutMillis) {
    return agent == null || agent.flush(Duration.ofMillis(timeoutMillis));
  }

  /**
   * Python's {@code headwater.status(spark)}: the agent's delivery counters ({@link
   * io.headwater.spark.emit.DeliveryStatus}) as a JSON object; null when the agent is disabled.
   */
  public String status() {
    return agent == null ? null : agent.status().toJson();
  }

  /**
   * The runs the agent ended lately (at most {@value RecentRuns#CAPACITY}), after sequence number
   * {@code after} (0: all), as a JSON array; see {@link RecentRuns#after} for the fields. Waits at
   * most {@code waitMillis} for the agent to analyse what Spark reported to it before; unlike
   * {@link #flush}, it neither waits for delivery nor reports on it. Empty when the agent is
   * disabled.
   */
  public String recentRuns(long after, long waitMillis) {
    return agent == null ? "[]" : agent.recentRuns(Duration.ofMillis(waitMillis)).after(after);
  }

  /**
   * True when a transport is configured (Spark configuration, {@code openlineage.yml} or the
   * environment); false when events go to the default console transport, whose INFO lines a
   * notebook or shell does not show.
   */
  public boolean transportConfigured() {
    return agent != null && agent.transportConfigured();
  }

  /**
   * Python's {@code headwater.emit_job_event}: emits a JobEvent of the declared lineage of {@code
   * frame} written to {@code output} (a table name or a path), from its analyzed plan, without
   * executing it.
   *
   * @param namespace the job's namespace, or null for {@code spark.openlineage.namespace}
   * @param facetsJson a JSON object of extra job facets, or null
   * @return the emitted event as JSON
   * @throws IllegalArgumentException naming what was wrong (no input dataset, bad output name);
   *     nothing is emitted
   * @throws IllegalStateException when the agent is disabled
   */
  public String emitJobEvent(
      Dataset<?> frame, String jobName, String output, String namespace, String facetsJson) {
    return enabled().staticApi().emitJobEvent(frame, jobName, output, namespace, facetsJson);
  }

  /**
   * Python's {@code headwater.emit_dataset_event}: emits a DatasetEvent of an existing table or
   * path.
   *
   * @param format the file format a path is read as (for its schema), e.g. {@code parquet}
   * @param tagsJson a JSON object of dataset tags (source USER), or null
   * @param facetsJson a JSON object of extra dataset facets, or null
   * @return the emitted event as JSON
   * @throws IllegalArgumentException when no such table or path exists; nothing is emitted
   */
  public String emitDatasetEvent(
      SparkSession session, String dataset, String format, String tagsJson, String facetsJson) {
    return enabled().staticApi().emitDatasetEvent(session, dataset, format, tagsJson, facetsJson);
  }

  /**
   * Python's {@code headwater.emit}: emits an OpenLineage event given as JSON (RunEvent, JobEvent
   * or DatasetEvent) through the configured transport, with the configured job and run tags.
   *
   * @return the emitted event as JSON
   */
  public String emit(String eventJson) {
    return enabled().staticApi().emit(eventJson);
  }

  private LineageAgent enabled() {
    if (agent == null) {
      throw new IllegalStateException(
          "the Headwater agent is disabled (see the driver log for why); nothing was emitted");
    }
    return agent;
  }
}
