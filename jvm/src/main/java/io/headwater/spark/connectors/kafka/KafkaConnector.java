package io.headwater.spark.connectors.kafka;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageContext;
import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * The Kafka connector: batch and micro-batch reads of topics, batch and micro-batch writes. It
 * recognises Kafka's objects by class name and never links against them, so it applies wherever the
 * Kafka module is (and answers nothing where it is not). Registered in {@code
 * META-INF/services/io.headwater.spark.api.Connector}; order 400 (see {@link Connector}).
 */
@Internal
public final class KafkaConnector implements Connector {
  @Override
  public int order() {
    return 400;
  }

  /** No node hooks: nodes are never asked of this connector's hooks. */
  @Override
  public Collection<Class<?>> hookNodeTypes() {
    return List.of();
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
      createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(
        new KafkaRelationInputVisitor(context), new KafkaMicroBatchStreamInputVisitor(context));
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(
        new KafkaSaveOutputVisitor(context), new KafkaMicroBatchWriteOutputVisitor(context));
  }
}
