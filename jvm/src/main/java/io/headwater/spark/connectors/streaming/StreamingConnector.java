package io.headwater.spark.connectors.streaming;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageContext;
import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * Structured Streaming's file sink: the output directory of each micro-batch. Registered in {@code
 * META-INF/services/io.headwater.spark.api.Connector}; order 600 (see {@link Connector}).
 */
@Internal
public final class StreamingConnector implements Connector {
  @Override
  public int order() {
    return 600;
  }

  /** No node hooks: nodes are never asked of this connector's hooks. */
  @Override
  public Collection<Class<?>> hookNodeTypes() {
    return List.of();
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(new MicroBatchFileSinkOutputVisitor(context));
  }
}
