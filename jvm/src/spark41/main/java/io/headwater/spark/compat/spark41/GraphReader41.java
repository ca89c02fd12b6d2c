package io.headwater.spark.compat.spark41;

import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.compat.pipelines.PipelineDataset;
import io.headwater.spark.compat.pipelines.PipelineDefinition;
import io.headwater.spark.compat.pipelines.PipelineFlow;
import io.headwater.spark.compat.pipelines.PipelineGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.pipelines.Language;
import org.apache.spark.sql.pipelines.graph.AppendOnceFlow;
import org.apache.spark.sql.pipelines.graph.DataflowGraph;
import org.apache.spark.sql.pipelines.graph.QueryOrigin;
import org.apache.spark.sql.pipelines.graph.ResolvedFlow;
import org.apache.spark.sql.pipelines.graph.Sink;
import org.apache.spark.sql.pipelines.graph.StreamingFlow;
import org.apache.spark.sql.pipelines.graph.Table;
import org.apache.spark.sql.pipelines.graph.TemporaryView;
import org.apache.spark.sql.pipelines.graph.View;
import org.apache.spark.sql.types.StructType;

/**
 * A resolved, validated {@code DataflowGraph} (Spark 4.1) as Headwater's {@link PipelineGraph}:
 *
 * <ul>
 *   <li>{@code tables}: {@code Table(identifier, specifiedSchema, partitionCols, ..., properties,
 *       comment, origin, isStreamingTable, format)} — a streaming table or a materialized view;
 *   <li>{@code views}: {@code TemporaryView} or {@code PersistedView(identifier, properties,
 *       sqlText, comment, origin)};
 *   <li>{@code sinks}: {@code Sink(identifier, format, options, origin)};
 *   <li>{@code inferredSchema}: each destination's schema, from the flows that write it;
 *   <li>{@code resolvedFlows}: {@code CompleteFlow}, {@code StreamingFlow} or {@code
 *       AppendOnceFlow}, each with its analysed query ({@code df}), its reads of other datasets
 *       ({@code funcResult}, see {@link PipelineInputs41}) and its {@code origin}: {@code
 *       QueryOrigin(language, filePath, sqlText, line, ...)}.
 * </ul>
 */
final class GraphReader41 {
  private GraphReader41() {}

  static PipelineGraph read(
      String graphId, Map<String, String> conf, SparkSession session, DataflowGraph graph) {
    Map<TableIdentifier, StructType> inferred = ScalaCollections.asJava(graph.inferredSchema());
    List<PipelineDataset> datasets = new ArrayList<>();
    for (Table table : ScalaCollections.asJava(graph.tables())) {
      datasets.add(
          new PipelineDataset(
              table.identifier(),
              table.isStreamingTable()
                  ? PipelineDataset.Kind.STREAMING_TABLE
                  : PipelineDataset.Kind.MATERIALIZED_VIEW,
              ScalaCollections.asJava(table.specifiedSchema())
                  .orElse(inferred.get(table.identifier())),
              ScalaCollections.asJava(table.properties()),
              ScalaCollections.asJava(table.comment()),
              ScalaCollections.asJava(table.format()),
              ScalaCollections.asJava(table.partitionCols())
                  .map(ScalaCollections::asJava)
                  .orElse(List.of()),
              Map.of(),
              definition(table.origin())));
    }
    for (View view : ScalaCollections.asJava(graph.views())) {
      datasets.add(
          new PipelineDataset(
              view.identifier(),
              view instanceof TemporaryView
                  ? PipelineDataset.Kind.TEMPORARY_VIEW
                  : PipelineDataset.Kind.PERSISTED_VIEW,
              inferred.get(view.identifier()),
              ScalaCollections.asJava(view.properties()),
              ScalaCollections.asJava(view.comment()),
              Optional.empty(),
              List.of(),
              Map.of(),
              definition(view.origin())));
    }
    for (Sink sink : ScalaCollections.asJava(graph.sinks())) {
      datasets.add(
          new PipelineDataset(
              sink.identifier(),
              PipelineDataset.Kind.SINK,
              inferred.get(sink.identifier()),
              Map.of(),
              Optional.empty(),
              Optional.ofNullable(sink.format()),
              List.of(),
              ScalaCollections.asJava(sink.options()),
              definition(sink.origin())));
    }
    List<PipelineFlow> flows = new ArrayList<>();
    for (ResolvedFlow flow : ScalaCollections.asJava(graph.resolvedFlows())) {
      PipelineInputs41.Cut cut = PipelineInputs41.of(flow);
      flows.add(
          new PipelineFlow(
              flow.identifier(),
              flow.destinationIdentifier(),
              type(flow),
              cut.query(),
              cut.leaves(),
              definition(flow.origin()),
              ScalaCollections.asJava(flow.origin().sqlText())));
    }
    return new PipelineGraph(graphId, conf, session, datasets, flows);
  }

  private static PipelineFlow.Type type(ResolvedFlow flow) {
    if (flow instanceof AppendOnceFlow) {
      return PipelineFlow.Type.APPEND_ONCE;
    }
    return flow instanceof StreamingFlow ? PipelineFlow.Type.STREAMING : PipelineFlow.Type.COMPLETE;
  }

  private static Optional<PipelineDefinition> definition(QueryOrigin origin) {
    return ScalaCollections.asJava(origin.filePath())
        .filter(file -> !file.isBlank())
        .map(
            file ->
                new PipelineDefinition(
                    file,
                    ScalaCollections.asJava(origin.line())
                        .filter(Integer.class::isInstance)
                        .map(Integer.class::cast)
                        .filter(line -> line > 0),
                    ScalaCollections.asJava(origin.language()).map(GraphReader41::language)));
  }

  private static String language(Language language) {
    return language instanceof Language.Python ? "PYTHON" : "SQL";
  }
}
