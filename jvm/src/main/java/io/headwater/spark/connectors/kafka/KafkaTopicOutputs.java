package io.headwater.spark.connectors.kafka;

import io.headwater.spark.api.OpenLineageContext;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/** The output of a Kafka write, batch or streaming, from the writer's options. */
final class KafkaTopicOutputs {
  private KafkaTopicOutputs() {}

  /**
   * One output, the topic of option {@code topic} in the namespace of {@code
   * kafka.bootstrap.servers}, with {@code query}'s schema; none when either option is missing (rows
   * then name their topic in a {@code topic} column, known only when they are written).
   *
   * @param options the writer's options ({@link KafkaSupport#options})
   */
  static List<OpenLineage.OutputDataset> of(
      OpenLineageContext context, Map<String, String> options, LogicalPlan query) {
    Optional<String> namespace = KafkaSupport.namespace(options);
    Optional<String> topic = KafkaSupport.option(options, KafkaSupport.TOPIC);
    if (namespace.isEmpty() || topic.isEmpty()) {
      return List.of();
    }
    return List.of(context.datasetFactory().output(namespace.get(), topic.get(), query.schema()));
  }
}
