package io.headwater.spark.pipelines;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.compat.pipelines.PipelineDataset;
import io.headwater.spark.compat.pipelines.PipelineDefinition;
import io.headwater.spark.compat.pipelines.PipelineFlow;
import io.headwater.spark.compat.pipelines.PipelineGraph;
import io.headwater.spark.config.TagSets;
import io.headwater.spark.facets.DatasetFacets;
import io.headwater.spark.facets.HeadwaterVersion;
import io.headwater.spark.facets.SparkPipelineDatasetFacet;
import io.headwater.spark.facets.SparkPipelineJobFacet;
import io.headwater.spark.facets.TableMetadata;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.net.URI;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The OpenLineage side of one resolved pipeline graph: its datasets as inputs and outputs of its
 * flows' jobs (named by {@link PipelineDatasetNames}, built by the run's dataset factory: {@code
 * schema}, {@code dataSource}, {@code symlinks}), each dataset as a DatasetEvent describes it, and
 * the job facets of its flows.
 *
 * <p>A declared dataset carries, besides: {@code documentation} (its comment), {@code tags} (its
 * {@code openlineage.tags.<key>} properties, source {@code SPARK}), {@code datasetType} ({@code
 * VIEW}/{@code MATERIALIZED} for a materialized view, {@code TABLE}/{@code STREAMING} for a
 * streaming table, {@code VIEW}/{@code TEMPORARY}, {@code VIEW}, {@code STREAM}/{@code SINK}) and
 * {@code headwater_sparkPipeline} ({@link SparkPipelineDatasetFacet}). A flow's job carries {@code
 * headwater_sparkPipeline} ({@link SparkPipelineJobFacet}) and, when the pipeline knows where the
 * flow is defined, {@code sourceCodeLocation}: type {@code file}, the file's URI with {@code
 * #L<line>} (a relative {@code file:} reference for a SQL file, whose path the pipeline keeps
 * relative to its spec), and the path.
 */
@Internal
public final class PipelineLineage {
  private final OpenLineageContext context;
  private final PipelineGraph graph;
  private final String pipelineName;
  private final PipelineDatasetNames names;

  /**
   * @param context the context of the pipeline update (its session's catalog gives table metadata)
   * @param pipelineName the pipeline's name, as configured
   * @param namespace the job namespace
   */
  public PipelineLineage(
      OpenLineageContext context, PipelineGraph graph, String pipelineName, String namespace) {
    this.context = Objects.requireNonNull(context, "context");
    this.graph = Objects.requireNonNull(graph, "graph");
    this.pipelineName = Objects.requireNonNull(pipelineName, "pipelineName");
    this.names = new PipelineDatasetNames(graph, pipelineName, namespace);
  }

  /** The names of the pipeline's datasets and jobs. */
  public PipelineDatasetNames names() {
    return names;
  }

  /** {@code dataset} as an input of a flow's job. */
  public OpenLineage.InputDataset input(PipelineDataset dataset) {
    DatasetIdentifier id = names.identity(dataset);
    return context
        .datasetFactory()
        .input(
            id.getNamespace(),
            id.getName(),
            dataset.schema(),
            DatasetFacets.withSymlinks(context.openLineage(), id));
  }

  /** {@code dataset} as the output of a flow's job. */
  public OpenLineage.OutputDataset output(PipelineDataset dataset) {
    DatasetIdentifier id = names.identity(dataset);
    return context
        .datasetFactory()
        .output(
            id.getNamespace(),
            id.getName(),
            dataset.schema(),
            DatasetFacets.withSymlinks(context.openLineage(), id));
  }

  /**
   * The datasets of the pipeline {@code flow} reads, by the leaf of its query that reads each
   * ({@link PipelineFlow#pipelineInputs}).
   */
  public Map<LogicalPlan, OpenLineage.InputDataset> pipelineInputs(PipelineFlow flow) {
    IdentityHashMap<LogicalPlan, OpenLineage.InputDataset> inputs = new IdentityHashMap<>();
    flow.pipelineInputs()
        .forEach(
            (leaf, identifier) ->
                graph.dataset(identifier).ifPresent(d -> inputs.put(leaf, input(d))));
    return inputs;
  }

  /** {@code dataset} as its DatasetEvent describes it: identity and every declared facet. */
  public OpenLineage.StaticDataset declared(PipelineDataset dataset) {
    OpenLineage openLineage = context.openLineage();
    DatasetIdentifier id = names.identity(dataset);
    OpenLineage.DatasetFacetsBuilder facets = DatasetFacets.withSymlinks(openLineage, id);
    java.util.List<io.headwater.spark.config.Tag> tags =
        new TableMetadata(dataset.properties(), Optional.empty(), dataset.comment()).tags();
    if (!tags.isEmpty()) {
      facets.tags(TagSets.datasetFacet(openLineage, tags));
    }
    dataset
        .comment()
        .filter(comment -> !comment.isBlank())
        .ifPresent(
            comment ->
                facets.documentation(
                    openLineage
                        .newDocumentationDatasetFacetBuilder()
                        .description(comment)
                        .build()));
    facets.datasetType(datasetType(openLineage, dataset.kind()));
    facets.put(
        SparkPipelineDatasetFacet.NAME,
        new SparkPipelineDatasetFacet(
            HeadwaterVersion.PRODUCER,
            pipelineName,
            new SparkPipelineDatasetFacet.Declaration(
                dataset.identifier().unquotedString(),
                dataset.kind().name(),
                dataset.properties(),
                dataset.format(),
                dataset.partitionColumns(),
                dataset.definition())));
    OpenLineage.OutputDataset described =
        context.datasetFactory().output(id.getNamespace(), id.getName(), dataset.schema(), facets);
    return openLineage.newStaticDataset(
        described.getNamespace(), described.getName(), described.getFacets());
  }

  /** The {@code headwater_sparkPipeline} job facet of {@code flow}'s job. */
  public SparkPipelineJobFacet jobFacet(PipelineFlow flow) {
    return new SparkPipelineJobFacet(
        HeadwaterVersion.PRODUCER,
        pipelineName,
        Optional.of(
            new SparkPipelineJobFacet.Flow(
                flow.identifier().unquotedString(),
                flow.type().name(),
                flow.destination().unquotedString(),
                graph
                    .dataset(flow.destination())
                    .map(d -> d.kind().name())
                    .orElse(PipelineDataset.Kind.TEMPORARY_VIEW.name()),
                flow.definition())));
  }

  /** The {@code sourceCodeLocation} job facet of {@code flow}, when the pipeline knows its file. */
  public Optional<OpenLineage.SourceCodeLocationJobFacet> sourceCodeLocation(PipelineFlow flow) {
    return flow.definition().map(definition -> location(context.openLineage(), definition));
  }

  /** The dataset {@code identifier} names, when the pipeline declares it. */
  public Optional<PipelineDataset> dataset(TableIdentifier identifier) {
    return graph.dataset(identifier);
  }

  private static OpenLineage.SourceCodeLocationJobFacet location(
      OpenLineage openLineage, PipelineDefinition definition) {
    Path file = Path.of(definition.file());
    String fragment = definition.line().map(line -> "#L" + line).orElse("");
    URI url =
        file.isAbsolute()
            ? URI.create(file.toUri() + fragment)
            : URI.create(
                "file:" + file.toString().replace('\\', '/').replace(" ", "%20") + fragment);
    return openLineage
        .newSourceCodeLocationJobFacetBuilder()
        .type("file")
        .url(url)
        .path(definition.file())
        .build();
  }

  private static OpenLineage.DatasetTypeDatasetFacet datasetType(
      OpenLineage openLineage, PipelineDataset.Kind kind) {
    return switch (kind) {
      case MATERIALIZED_VIEW -> openLineage.newDatasetTypeDatasetFacet("VIEW", "MATERIALIZED");
      case STREAMING_TABLE -> openLineage.newDatasetTypeDatasetFacet("TABLE", "STREAMING");
      case TEMPORARY_VIEW -> openLineage.newDatasetTypeDatasetFacet("VIEW", "TEMPORARY");
      case PERSISTED_VIEW -> openLineage.newDatasetTypeDatasetFacet("VIEW", null);
      case SINK -> openLineage.newDatasetTypeDatasetFacet("STREAM", "SINK");
    };
  }
}
