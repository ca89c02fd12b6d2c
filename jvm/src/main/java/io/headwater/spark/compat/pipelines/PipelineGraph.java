package io.headwater.spark.compat.pipelines;

import io.headwater.spark.annotation.Internal;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;

/**
 * The resolved dataflow graph of a Spark Declarative Pipeline: what {@code spark-pipelines dry-run}
 * validates and {@code spark-pipelines run} executes.
 *
 * @param graphId Spark's id of the graph (one per {@code spark-pipelines} invocation, not stable)
 * @param conf the pipeline's own configuration (the {@code configuration} section of its spec)
 * @param session the session the pipeline was defined in (its catalog names the datasets)
 * @param datasets every dataset it declares, tables first, then views, then sinks
 * @param flows every flow, in Spark's order
 */
@Internal
public record PipelineGraph(
    String graphId,
    Map<String, String> conf,
    SparkSession session,
    List<PipelineDataset> datasets,
    List<PipelineFlow> flows) {
  public PipelineGraph {
    Objects.requireNonNull(graphId, "graphId");
    conf = Map.copyOf(conf);
    Objects.requireNonNull(session, "session");
    datasets = List.copyOf(datasets);
    flows = List.copyOf(flows);
  }

  /** The dataset {@code identifier} names, when the pipeline declares it. */
  public Optional<PipelineDataset> dataset(TableIdentifier identifier) {
    return datasets.stream().filter(d -> d.identifier().equals(identifier)).findFirst();
  }
}
