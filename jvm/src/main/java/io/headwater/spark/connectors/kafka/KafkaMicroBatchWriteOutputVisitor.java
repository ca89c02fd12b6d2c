package io.headwater.spark.connectors.kafka;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.streaming.sources.WriteToMicroBatchDataSource;

/**
 * The output of one micro-batch of a streaming query that writes to Kafka ({@code
 * writeStream.format("kafka")}).
 *
 * <pre>
 *   WriteToMicroBatchDataSource(table = KafkaTable, writeOptions{kafka.bootstrap.servers, topic}, query)
 *     -> one output named topic in namespace kafka://&lt;first bootstrap server&gt;; schema = the query's
 *     no topic option -> no output (each row's topic column says where it goes)
 * </pre>
 *
 * Its {@code table} is the {@code KafkaTable} itself up to Spark 4.1 and a relation over it (a plan
 * node whose own {@code table()} is the {@code KafkaTable}) from 4.2, so both are read by
 * reflection. The node is the root of the micro-batch's analysed plan ({@code
 * IncrementalExecution.logical}); Spark plans it into {@code
 * WriteToDataSourceV2(MicroBatchWrite(KafkaStreamingWrite))}, which holds the same topic and
 * servers. Does not match a micro-batch write to any other sink.
 */
@Internal
public final class KafkaMicroBatchWriteOutputVisitor
    extends QueryPlanVisitor<WriteToMicroBatchDataSource, OpenLineage.OutputDataset> {
  public KafkaMicroBatchWriteOutputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof WriteToMicroBatchDataSource
        && KafkaSupport.call(node, "table")
            .filter(
                table ->
                    KafkaSupport.is(table, KafkaSupport.TABLE)
                        || (table instanceof LogicalPlan relation
                            && KafkaSupport.call(relation, "table")
                                .filter(inner -> KafkaSupport.is(inner, KafkaSupport.TABLE))
                                .isPresent()))
            .isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(WriteToMicroBatchDataSource node) {
    return KafkaTopicOutputs.of(context, KafkaSupport.options(node.writeOptions()), node.query());
  }
}
