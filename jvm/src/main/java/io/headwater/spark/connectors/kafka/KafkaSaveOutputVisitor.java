package io.headwater.spark.connectors.kafka;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.SaveIntoDataSourceCommand;

/**
 * The output of a batch Kafka write ({@code df.write.format("kafka").save()}, a V1 write by
 * default).
 *
 * <pre>
 *   SaveIntoDataSourceCommand(query, dataSource = KafkaSourceProvider, options{kafka.bootstrap.servers, topic})
 *     -> one output named topic in namespace kafka://&lt;first bootstrap server&gt;; schema = the query's
 *     no topic option (each row's topic column says where it goes) -> no output
 * </pre>
 *
 * No job-name suffix (the OpenLineage Spark integration gives none for a Kafka write either). Does
 * not match a {@code SaveIntoDataSourceCommand} of any other data source.
 */
@Internal
public final class KafkaSaveOutputVisitor
    extends QueryPlanVisitor<SaveIntoDataSourceCommand, OpenLineage.OutputDataset> {
  public KafkaSaveOutputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof SaveIntoDataSourceCommand command
        && KafkaSupport.is(command.dataSource(), KafkaSupport.PROVIDER);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(SaveIntoDataSourceCommand node) {
    return KafkaTopicOutputs.of(context, KafkaSupport.options(node.options()), node.query());
  }
}
