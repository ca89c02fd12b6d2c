package io.headwater.spark.pipelines;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.pipelines.PipelineDataset;
import io.headwater.spark.compat.pipelines.PipelineFlow;
import io.headwater.spark.compat.pipelines.PipelineGraph;
import io.headwater.spark.naming.CatalogTables;
import io.headwater.spark.naming.JobNames;
import io.headwater.spark.tables.DatasetReferences;
import io.openlineage.client.utils.DatasetIdentifier;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.catalyst.TableIdentifier;

/**
 * The OpenLineage names of a pipeline's datasets and jobs, by the rules the plan visitors name the
 * same datasets at run time with, so declared and observed lineage meet:
 *
 * <ul>
 *   <li>a materialized view or streaming table is a catalog table: its location (the catalog's
 *       default location before the first run creates it) with a {@code symlinks} entry naming the
 *       table ({@link DatasetReferences#named});
 *   <li>a persisted view: the catalog's table symlink namespace and {@code <database>.<view>}, as
 *       {@code CREATE VIEW} is named ({@link CatalogTables#viewIdentity});
 *   <li>a temporary view exists only inside its pipeline: the job namespace and {@code
 *       <pipeline>.<view>};
 *   <li>a sink: its {@code path} option as a file dataset; a Kafka sink {@code kafka://<first
 *       bootstrap server>} and its topic; any other its format and {@code <pipeline>.<sink>};
 *   <li>the job of a pipeline update is the pipeline's normalised name, the job of a flow {@code
 *       <pipeline>.<flow>}: the flow's name without catalog and database, unless another flow of
 *       the graph has the same name (then with its database).
 * </ul>
 */
@Internal
public final class PipelineDatasetNames {
  private final PipelineGraph graph;
  private final String pipelineJobName;
  private final String namespace;
  private final Map<TableIdentifier, DatasetIdentifier> identities = new HashMap<>();

  /**
   * @param pipelineName the pipeline's name (normalised here)
   * @param namespace the job namespace ({@code spark.openlineage.namespace})
   */
  public PipelineDatasetNames(PipelineGraph graph, String pipelineName, String namespace) {
    this.graph = Objects.requireNonNull(graph, "graph");
    this.pipelineJobName = JobNames.pipeline(pipelineName);
    this.namespace = Objects.requireNonNull(namespace, "namespace");
  }

  /** The job name of the pipeline's updates. */
  public String pipelineJobName() {
    return pipelineJobName;
  }

  /** The job name of {@code flow}. */
  public String jobName(PipelineFlow flow) {
    TableIdentifier id = flow.identifier();
    boolean shared =
        graph.flows().stream()
            .anyMatch(
                other ->
                    !other.identifier().equals(id)
                        && other.identifier().table().equals(id.table()));
    String name =
        shared && id.database().isDefined() ? id.database().get() + "_" + id.table() : id.table();
    return JobNames.flow(pipelineJobName, name);
  }

  /**
   * The identity of {@code dataset}: namespace, name and symlinks.
   *
   * @throws IllegalArgumentException when a table's catalog cannot name it
   */
  public DatasetIdentifier identity(PipelineDataset dataset) {
    return identities.computeIfAbsent(dataset.identifier(), id -> identify(dataset));
  }

  /** The identity of the dataset {@code identifier} names, when the pipeline declares it. */
  public Optional<DatasetIdentifier> identity(TableIdentifier identifier) {
    return graph.dataset(identifier).map(this::identity);
  }

  private DatasetIdentifier identify(PipelineDataset dataset) {
    TableIdentifier id = dataset.identifier();
    return switch (dataset.kind()) {
      case MATERIALIZED_VIEW, STREAMING_TABLE ->
          DatasetReferences.named(graph.session(), id.quotedString()).id();
      case PERSISTED_VIEW ->
          new CatalogTables(graph.session())
              .viewIdentity(new TableIdentifier(id.table(), id.database()));
      case TEMPORARY_VIEW -> new DatasetIdentifier(pipelineJobName + "." + id.table(), namespace);
      case SINK -> sink(dataset);
    };
  }

  private DatasetIdentifier sink(PipelineDataset sink) {
    Map<String, String> options = sink.sinkOptions();
    String path = options.get("path");
    if (path != null && !path.isBlank()) {
      return DatasetReferences.named(graph.session(), path).id();
    }
    String servers = options.get("kafka.bootstrap.servers");
    String topic = options.get("topic");
    if ("kafka".equalsIgnoreCase(sink.format().orElse("")) && servers != null && topic != null) {
      String first = List.of(servers.split(",")).get(0).trim();
      return new DatasetIdentifier(
          topic, "kafka://" + URI.create("kafka://" + first).getAuthority());
    }
    return new DatasetIdentifier(
        pipelineJobName + "." + sink.identifier().table(), sink.format().orElse(namespace));
  }
}
