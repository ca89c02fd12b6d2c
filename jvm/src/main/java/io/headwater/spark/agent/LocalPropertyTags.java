package io.headwater.spark.agent;

import io.headwater.spark.config.ConfigKeys;
import io.headwater.spark.config.Tag;
import io.headwater.spark.config.TagParser;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Job and run tags set as SparkContext local properties ({@code
 * sc.setLocalProperty("spark.openlineage.job.tags", ...)}, or Python's {@code
 * headwater.tags(...)}), which apply to the executions started from that thread. Spark copies a
 * thread's local properties onto each job it submits, so they are read from a SQL execution's first
 * {@code SparkListenerJobStart}.
 *
 * <p>A malformed value ({@link TagParser}) is logged once per distinct value, naming the property,
 * and its tags are not used; the run is still emitted with the other tags.
 */
final class LocalPropertyTags {
  private static final Logger LOG = LoggerFactory.getLogger(LocalPropertyTags.class);
  private static final Set<String> REPORTED = ConcurrentHashMap.newKeySet();

  /** The job and run tags of one thread's local properties. */
  record Snapshot(List<Tag> job, List<Tag> run) {
    static final Snapshot NONE = new Snapshot(List.of(), List.of());
  }

  private LocalPropertyTags() {}

  /**
   * The tags in the local properties a Spark job was submitted with ({@code
   * SparkListenerJobStart.properties()}, a copy Spark makes per job); parsed on the analysis
   * thread, never on the listener bus.
   */
  static Snapshot of(Properties properties) {
    if (properties == null) {
      return Snapshot.NONE;
    }
    return new Snapshot(
        tags(
            ConfigKeys.JOB_TAGS.sparkKey(), properties.getProperty(ConfigKeys.JOB_TAGS.sparkKey())),
        tags(
            ConfigKeys.RUN_TAGS.sparkKey(),
            properties.getProperty(ConfigKeys.RUN_TAGS.sparkKey())));
  }

  private static List<Tag> tags(String property, String value) {
    if (value == null || value.isBlank()) {
      return List.of();
    }
    try {
      return TagParser.parse(value);
    } catch (IllegalArgumentException e) {
      if (REPORTED.add(property + "=" + value)) {
        LOG.warn("Headwater: local property {} ignored: {}", property, e.getMessage());
      }
      return List.of();
    }
  }
}
