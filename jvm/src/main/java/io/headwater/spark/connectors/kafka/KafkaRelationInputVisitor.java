package io.headwater.spark.connectors.kafka;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.LogicalRelation;

/**
 * Inputs of a batch Kafka read ({@code spark.read.format("kafka")}).
 *
 * <pre>
 *   LogicalRelation(relation = KafkaRelation(sourceOptions{kafka.bootstrap.servers, subscribe | assign, ...}))
 *     -> one input per topic that subscribe or assign names, in namespace kafka://&lt;first bootstrap server&gt;;
 *        schema = the relation's (key, value, topic, partition, offset, timestamp, timestampType[, headers])
 *     subscribePattern -> no input: the topics it matches are listed by the executors' consumers, not the plan
 * </pre>
 *
 * Does not match a {@code LogicalRelation} over any other relation.
 */
@Internal
public final class KafkaRelationInputVisitor
    extends QueryPlanVisitor<LogicalRelation, OpenLineage.InputDataset> {
  public KafkaRelationInputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof LogicalRelation relation
        && KafkaSupport.is(relation.relation(), KafkaSupport.RELATION);
  }

  @Override
  protected List<OpenLineage.InputDataset> visit(LogicalRelation node) {
    Map<String, String> options =
        KafkaSupport.field(node.relation(), "sourceOptions")
            .map(KafkaSupport::options)
            .orElse(Map.of());
    Optional<String> namespace = KafkaSupport.namespace(options);
    if (namespace.isEmpty()) {
      return List.of();
    }
    return KafkaSupport.subscribedTopics(options).stream()
        .map(
            topic ->
                context.datasetFactory().input(namespace.get(), topic, node.relation().schema()))
        .toList();
  }
}
