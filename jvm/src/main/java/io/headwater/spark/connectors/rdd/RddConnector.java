package io.headwater.spark.connectors.rdd;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageContext;
import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * RDDs: a plan's {@code LogicalRDD} leaves, and the inputs and outputs of RDD jobs (at the job's
 * {@code ActiveJob}: {@link RddJobInputDatasetBuilder}, {@link RddJobOutputDatasetBuilder}).
 * Registered in {@code META-INF/services/io.headwater.spark.api.Connector}; order 900 (see {@link
 * Connector}).
 */
@Internal
public final class RddConnector implements Connector {
  @Override
  public int order() {
    return 900;
  }

  /** No node hooks: nodes are never asked of this connector's hooks. */
  @Override
  public Collection<Class<?>> hookNodeTypes() {
    return List.of();
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
      createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(new LogicalRddInputVisitor(context));
  }

  @Override
  public Collection<PartialFunction<Object, List<OpenLineage.InputDataset>>>
      createInputDatasetBuilder(OpenLineageContext context) {
    return List.of(new RddJobInputDatasetBuilder(context));
  }

  @Override
  public Collection<PartialFunction<Object, List<OpenLineage.OutputDataset>>>
      createOutputDatasetBuilder(OpenLineageContext context) {
    return List.of(new RddJobOutputDatasetBuilder(context));
  }
}
