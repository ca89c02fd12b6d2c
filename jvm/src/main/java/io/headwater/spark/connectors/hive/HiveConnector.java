package io.headwater.spark.connectors.hive;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageContext;
import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.Command;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * Spark's Hive module: reads of Hive tables; INSERT into Hive tables and directories and Hive CTAS
 * (and its hidden query) only where the module is present ({@link HiveSupport#AVAILABLE}).
 * Registered in {@code META-INF/services/io.headwater.spark.api.Connector}; order 800 (see {@link
 * Connector}).
 */
@Internal
public final class HiveConnector implements Connector {
  @Override
  public int order() {
    return 800;
  }

  /** Its hooks answer only commands (a Hive CTAS). */
  @Override
  public Collection<Class<?>> hookNodeTypes() {
    return List.of(Command.class);
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
      createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(new HiveTableRelationInputVisitor(context));
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
    if (!HiveSupport.AVAILABLE) {
      return List.of();
    }
    return List.of(
        new InsertIntoHiveTableVisitor(context),
        new CreateHiveTableAsSelectVisitor(context),
        new InsertIntoHiveDirVisitor(context));
  }

  @Override
  public List<LogicalPlan> hiddenQueries(LogicalPlan node) {
    return HiveSupport.hiddenQuery(node).map(List::of).orElse(List.of());
  }
}
