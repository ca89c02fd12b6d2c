package io.headwater.spark.compat.pipelines;

import io.headwater.spark.annotation.Internal;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.types.StructType;

/**
 * A dataset a Spark Declarative Pipeline declares, as its resolved graph has it.
 *
 * @param identifier the dataset's identifier as the pipeline qualifies it (tables and persisted
 *     views with catalog and database, temporary views and sinks as declared)
 * @param kind what the pipeline declares it as
 * @param schema its schema (declared, else inferred from the flows that write it); null when the
 *     graph has none (a sink no flow writes)
 * @param properties its table properties
 * @param comment its comment
 * @param format the table format or sink format it declares
 * @param partitionColumns the partition columns it declares
 * @param sinkOptions a sink's options (kept in the process: they may hold credentials)
 * @param definition where it is defined
 */
@Internal
public record PipelineDataset(
    TableIdentifier identifier,
    Kind kind,
    StructType schema,
    Map<String, String> properties,
    Optional<String> comment,
    Optional<String> format,
    List<String> partitionColumns,
    Map<String, String> sinkOptions,
    Optional<PipelineDefinition> definition) {
  public PipelineDataset {
    Objects.requireNonNull(identifier, "identifier");
    Objects.requireNonNull(kind, "kind");
    properties = Map.copyOf(properties);
    Objects.requireNonNull(comment, "comment");
    Objects.requireNonNull(format, "format");
    partitionColumns = List.copyOf(partitionColumns);
    sinkOptions = Map.copyOf(sinkOptions);
    Objects.requireNonNull(definition, "definition");
  }

  /** What a pipeline declares a dataset as. */
  public enum Kind {
    /** A table recomputed completely on every update ({@code CREATE MATERIALIZED VIEW}). */
    MATERIALIZED_VIEW,
    /** A table its streaming flows append to ({@code CREATE STREAMING TABLE}). */
    STREAMING_TABLE,
    /** A view that exists only inside the pipeline ({@code CREATE TEMPORARY VIEW}). */
    TEMPORARY_VIEW,
    /** A view the pipeline publishes to the catalog ({@code CREATE VIEW}). */
    PERSISTED_VIEW,
    /** An external destination written by streaming flows ({@code create_sink}). */
    SINK
  }
}
