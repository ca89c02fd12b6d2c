package io.headwater.spark.connectors.kafka;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * Inputs of one micro-batch of a streaming query that reads Kafka ({@code
 * spark.readStream.format("kafka")}), whatever chose the topics ({@code subscribe}, {@code assign}
 * or {@code subscribePattern}).
 *
 * <pre>
 *   StreamingDataSourceV2ScanRelation (Spark 4.x) or StreamingDataSourceV2Relation (Spark 3.5)
 *       (stream = KafkaMicroBatchStream(executorKafkaParams{bootstrap.servers, ...}), endOffset = KafkaSourceOffset)
 *     -> one input per topic of the partitions in the batch's end offset (for a pattern: the topics that
 *        matched when the batch was planned), in namespace kafka://&lt;first bootstrap server&gt;;
 *        schema = the node's output (key, value, topic, ...)
 * </pre>
 *
 * Both nodes are recognised by class name and read through their {@code stream()} and {@code
 * endOffset()} accessors, which both Spark lines have. Does not match a streaming scan of any other
 * source.
 */
@Internal
public final class KafkaMicroBatchStreamInputVisitor
    extends QueryPlanVisitor<LogicalPlan, OpenLineage.InputDataset> {
  private static final Set<String> SCAN_NODES =
      Set.of(
          "org.apache.spark.sql.execution.datasources.v2.StreamingDataSourceV2ScanRelation",
          "org.apache.spark.sql.execution.datasources.v2.StreamingDataSourceV2Relation");

  public KafkaMicroBatchStreamInputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return SCAN_NODES.contains(node.getClass().getName())
        && KafkaSupport.call(node, "stream")
            .filter(stream -> KafkaSupport.is(stream, KafkaSupport.MICRO_BATCH_STREAM))
            .isPresent();
  }

  @Override
  protected List<OpenLineage.InputDataset> visit(LogicalPlan node) {
    Optional<Object> stream = KafkaSupport.call(node, "stream");
    Optional<String> namespace =
        stream
            .flatMap(s -> KafkaSupport.field(s, "executorKafkaParams"))
            .map(KafkaSupport::options)
            .flatMap(KafkaSupport::clientNamespace);
    Optional<Object> endOffset =
        KafkaSupport.call(node, "endOffset")
            .flatMap(
                offset ->
                    offset instanceof scala.Option<?> option && option.isDefined()
                        ? Optional.<Object>of(option.get())
                        : Optional.empty());
    if (namespace.isEmpty() || endOffset.isEmpty()) {
      return List.of();
    }
    return KafkaSupport.offsetTopics(endOffset.get()).stream()
        .map(topic -> context.datasetFactory().input(namespace.get(), topic, node.schema()))
        .toList();
  }
}
