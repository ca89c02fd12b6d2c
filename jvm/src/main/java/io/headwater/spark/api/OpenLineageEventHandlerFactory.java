package io.headwater.spark.api;

import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * The entry point of an extension, found through {@link java.util.ServiceLoader}: list the implementation in
 * {@code META-INF/services/io.headwater.spark.api.OpenLineageEventHandlerFactory}. Headwater's own visitors are
 * registered the same way. User factories run before the built-ins; a factory or visitor that throws is logged
 * once by class name and skipped, and the event is emitted with everything else.
 *
 * <p>Each method is called once per run with that run's {@link OpenLineageContext}; all default to none.
 */
public interface OpenLineageEventHandlerFactory {
  /** Visitors applied to every node of an execution's optimized plan, producing the run's inputs. */
  default Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>> createInputDatasetQueryPlanVisitors(
      OpenLineageContext context) {
    return List.of();
  }

  /** Visitors applied to the root of an execution's optimized plan, producing the run's outputs. */
  default Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>> createOutputDatasetQueryPlanVisitors(
      OpenLineageContext context) {
    return List.of();
  }
}
