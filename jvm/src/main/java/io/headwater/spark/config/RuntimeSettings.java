package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import java.util.List;
import java.util.Properties;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;

/**
 * The settings a session or a thread may change while the application runs, read here like every
 * other setting: {@code spark.openlineage.staticLineage.ddl} in a session's runtime configuration
 * ({@code spark.conf.set(...)}), and {@code spark.openlineage.job.tags} / {@code run.tags} as
 * SparkContext local properties of the thread that submits a Spark job, and {@code
 * spark.openlineage.pipeline.name} in a Spark Declarative Pipeline's own configuration. A value
 * that cannot be used is reported to {@code onInvalid} (as {@code (key, reason)}) and ignored.
 */
@Internal
public final class RuntimeSettings {
  /**
   * The local property of the job tags Python's {@code headwater.tags(...)} sets. Not a {@code
   * spark.*} key: Spark sets every {@code spark.*} entry of a session's configuration as a local
   * property for the length of each SQL execution ({@code SQLExecution.withSQLConfPropagated}), so
   * a {@code spark.openlineage.job.tags} setting would hide the thread's own value of that key.
   */
  public static final String THREAD_JOB_TAGS = "headwater.job.tags";

  /** The local property of the run tags Python's {@code headwater.tags(...)} sets. */
  public static final String THREAD_RUN_TAGS = "headwater.run.tags";

  private RuntimeSettings() {}

  /** The job and run tags set as local properties of one thread. */
  public record LocalTags(List<Tag> job, List<Tag> run) {
    /** No tags. */
    public static final LocalTags NONE = new LocalTags(List.of(), List.of());

    public LocalTags {
      job = List.copyOf(job);
      run = List.copyOf(run);
    }
  }

  /**
   * The DDL mode of a session: its runtime {@code spark.openlineage.staticLineage.ddl}, else {@code
   * configured}.
   *
   * @param sessionConf the session's runtime configuration (null for a key it does not have)
   */
  public static MetadataSettings.DdlEvents ddlMode(
      UnaryOperator<String> sessionConf,
      MetadataSettings.DdlEvents configured,
      BiConsumer<String, String> onInvalid) {
    String key = ConfigKeys.STATIC_LINEAGE_DDL.sparkKey();
    String value = sessionConf.apply(key);
    if (value == null || value.isBlank()) {
      return configured;
    }
    try {
      return MetadataSettings.DdlEvents.parse(value);
    } catch (IllegalArgumentException e) {
      onInvalid.accept(key, e.getMessage());
      return configured;
    }
  }

  /**
   * The name of a Spark Declarative Pipeline: {@code spark.openlineage.pipeline.name} in the
   * pipeline's own configuration (the {@code configuration} section of its spec, which Spark keeps
   * with the pipeline's graph), else {@code configured}.
   *
   * @param pipelineConf the pipeline's configuration (null for a key it does not have)
   */
  public static java.util.Optional<String> pipelineName(
      UnaryOperator<String> pipelineConf, java.util.Optional<String> configured) {
    String value = pipelineConf.apply(ConfigKeys.PIPELINE_NAME.sparkKey());
    return value == null || value.isBlank() ? configured : java.util.Optional.of(value.trim());
  }

  /**
   * The tags in the local properties a Spark job was submitted with ({@code
   * SparkListenerJobStart.properties()}, a copy Spark makes per job): those of {@code
   * spark.openlineage.job.tags} / {@code run.tags}, then those of {@link #THREAD_JOB_TAGS} / {@link
   * #THREAD_RUN_TAGS} over them (a later tag replaces an earlier one of the same key and source).
   */
  public static LocalTags localTags(Properties properties, BiConsumer<String, String> onInvalid) {
    if (properties == null) {
      return LocalTags.NONE;
    }
    return new LocalTags(
        TagSets.combine(
            tags(ConfigKeys.JOB_TAGS.sparkKey(), properties, onInvalid),
            tags(THREAD_JOB_TAGS, properties, onInvalid)),
        TagSets.combine(
            tags(ConfigKeys.RUN_TAGS.sparkKey(), properties, onInvalid),
            tags(THREAD_RUN_TAGS, properties, onInvalid)));
  }

  private static List<Tag> tags(
      String key, Properties properties, BiConsumer<String, String> onInvalid) {
    String value = properties.getProperty(key);
    if (value == null || value.isBlank()) {
      return List.of();
    }
    try {
      return TagParser.parse(value);
    } catch (IllegalArgumentException e) {
      onInvalid.accept(key, e.getMessage());
      return List.of();
    }
  }
}
