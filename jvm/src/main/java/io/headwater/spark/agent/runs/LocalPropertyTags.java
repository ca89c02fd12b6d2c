package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.RuntimeSettings;
import io.headwater.spark.config.Tag;
import io.headwater.spark.logging.OnceLog;
import java.util.List;
import java.util.Properties;
import org.slf4j.LoggerFactory;

/**
 * Job and run tags set as SparkContext local properties ({@code
 * sc.setLocalProperty("spark.openlineage.job.tags", ...)}, or Python's {@code
 * headwater.tags(...)}), which apply to the executions started from that thread. Spark copies a
 * thread's local properties onto each job it submits, so they are read ({@link
 * RuntimeSettings#localTags}) from a SQL execution's first {@code SparkListenerJobStart}.
 *
 * <p>A malformed value ({@code TagParser}) is logged once per distinct value, naming the property,
 * and its tags are not used; the run is still emitted with the other tags.
 */
@Internal
public final class LocalPropertyTags {
  private static final OnceLog INVALID =
      new OnceLog(LoggerFactory.getLogger(LocalPropertyTags.class));

  /** The job and run tags of one thread's local properties. */
  public record Snapshot(List<Tag> job, List<Tag> run) {
    public static final Snapshot NONE = new Snapshot(List.of(), List.of());
  }

  private LocalPropertyTags() {}

  /**
   * The tags in the local properties a Spark job was submitted with; parsed on the analysis thread,
   * never on the listener bus.
   */
  public static Snapshot of(Properties properties) {
    RuntimeSettings.LocalTags tags =
        RuntimeSettings.localTags(
            properties,
            (property, reason) ->
                INVALID.warn(
                    property + " " + reason,
                    "Headwater: local property {} ignored: {}",
                    property,
                    reason));
    return new Snapshot(tags.job(), tags.run());
  }
}
