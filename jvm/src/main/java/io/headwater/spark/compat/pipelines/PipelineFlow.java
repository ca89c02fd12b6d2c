package io.headwater.spark.compat.pipelines;

import io.headwater.spark.annotation.Internal;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * A flow of a Spark Declarative Pipeline, as its resolved graph has it.
 *
 * @param identifier the flow's identifier (a dataset's implicit flow has the dataset's)
 * @param destination the identifier of the dataset it writes
 * @param type how it writes
 * @param query its resolved query (the analyzed plan), in which every read of another dataset of
 *     the pipeline is a leaf of {@code pipelineInputs}: what lies behind such a read is that
 *     dataset's own lineage, not this flow's
 * @param pipelineInputs the leaves of {@code query} that read a dataset of the pipeline, by
 *     identity, with that dataset's identifier
 * @param definition where it is defined
 * @param sql its SQL text, when it is defined in SQL (not yet redacted)
 */
@Internal
public record PipelineFlow(
    TableIdentifier identifier,
    TableIdentifier destination,
    Type type,
    LogicalPlan query,
    Map<LogicalPlan, TableIdentifier> pipelineInputs,
    Optional<PipelineDefinition> definition,
    Optional<String> sql) {
  public PipelineFlow {
    Objects.requireNonNull(identifier, "identifier");
    Objects.requireNonNull(destination, "destination");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(query, "query");
    IdentityHashMap<LogicalPlan, TableIdentifier> leaves = new IdentityHashMap<>();
    pipelineInputs.forEach(leaves::put);
    pipelineInputs = Collections.unmodifiableMap(leaves);
    Objects.requireNonNull(definition, "definition");
    Objects.requireNonNull(sql, "sql");
  }

  /** How a flow writes its destination. */
  public enum Type {
    /** Recomputes its destination on every update (a batch query; a materialized view's flow). */
    COMPLETE,
    /** Appends what is new since the last update (a streaming query). */
    STREAMING,
    /** Appends its batch query's result once. */
    APPEND_ONCE;

    /** True for the types Spark runs as a batch write (a SQL execution), not a streaming query. */
    public boolean isBatch() {
      return this != STREAMING;
    }
  }
}
