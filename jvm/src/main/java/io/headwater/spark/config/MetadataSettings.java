package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import java.util.List;
import java.util.Objects;

/**
 * What the agent adds to events besides lineage: the user's job and run tags, job owners, and how
 * metadata-only DDL is reported. Built by {@link MetadataSettingsLoader}.
 *
 * @param jobTags tags of every job: {@code OPENLINEAGE__TAGS__JOB__*} and {@code
 *     OPENLINEAGE_TAG__*} (source {@code USER}), then {@code spark.openlineage.job.tags} (source
 *     {@code CONFIG} unless written)
 * @param runTags tags of every run, from {@code OPENLINEAGE__TAGS__RUN__*}, {@code
 *     OPENLINEAGE_TAG__*} and {@code spark.openlineage.run.tags}
 * @param jobOwners owners of every job, from {@code spark.openlineage.job.owners.<type>=<name>}
 * @param ddl {@code spark.openlineage.staticLineage.ddl}: DatasetEvents/JobEvents, or runs, for
 *     metadata-only DDL
 * @param sourceCode the job's code for the {@code sourceCode} job facet ({@code
 *     spark.openlineage.sourceCode.file})
 * @param sourceCodeLocation the fields of the {@code sourceCodeLocation} job facet ({@code
 *     spark.openlineage.sourceCodeLocation.<field>}: type, url, repoUrl, path, version, tag,
 *     branch); empty when not set
 * @param pipelineName {@code spark.openlineage.pipeline.name}: the name of the Spark Declarative
 *     Pipelines run by this driver, unless a pipeline's own configuration names it
 */
@Internal
public record MetadataSettings(
    List<Tag> jobTags,
    List<Tag> runTags,
    List<Owner> jobOwners,
    DdlEvents ddl,
    java.util.Optional<SourceCode> sourceCode,
    java.util.Map<String, String> sourceCodeLocation,
    java.util.Optional<String> pipelineName) {
  public MetadataSettings {
    jobTags = List.copyOf(jobTags);
    runTags = List.copyOf(runTags);
    jobOwners = List.copyOf(jobOwners);
    Objects.requireNonNull(ddl, "ddl");
    Objects.requireNonNull(sourceCode, "sourceCode");
    sourceCodeLocation = java.util.Map.copyOf(sourceCodeLocation);
    Objects.requireNonNull(pipelineName, "pipelineName");
  }

  /** The code of the job: its language ({@code python}, ...) and text. */
  public record SourceCode(String language, String text) {
    public SourceCode {
      Objects.requireNonNull(language, "language");
      Objects.requireNonNull(text, "text");
    }
  }

  /**
   * One owner of the {@code ownership} facet: {@code type} (e.g. {@code team}) and {@code name}.
   */
  public record Owner(String type, String name) {
    public Owner {
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(name, "name");
    }
  }

  /** How DDL that changes metadata without moving data is reported. */
  public enum DdlEvents {
    /** DatasetEvents for tables, a JobEvent for a view definition (the default). */
    DATASET_EVENT,
    /** START/COMPLETE runs, as the OpenLineage Spark integration emits them. */
    RUN_EVENT;

    /** The value as written in configuration: {@code dataset_event}, {@code run_event}. */
    @Override
    public String toString() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * The mode written as {@code value}.
     *
     * @param value {@code dataset_event} or {@code run_event}, any case
     * @throws IllegalArgumentException for anything else
     */
    public static DdlEvents parse(String value) {
      return switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
        case "dataset_event" -> DATASET_EVENT;
        case "run_event" -> RUN_EVENT;
        default ->
            throw new IllegalArgumentException(
                "'" + value + "' is neither dataset_event nor run_event");
      };
    }
  }
}
