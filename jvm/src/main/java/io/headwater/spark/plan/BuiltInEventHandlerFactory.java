package io.headwater.spark.plan;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * Headwater's own visitors, registered through {@code META-INF/services} exactly like a third-party extension,
 * so the product itself exercises the extension API. The agent runs it after every user factory.
 */
public final class BuiltInEventHandlerFactory implements OpenLineageEventHandlerFactory {
  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>> createInputDatasetQueryPlanVisitors(
      OpenLineageContext context) {
    return List.of(
        new HadoopFsRelationInputVisitor(context),
        new HiveTableRelationInputVisitor(context),
        new LoadDataInputVisitor(context),
        new JdbcRelationInputVisitor(context),
        new DataSourceV2RelationInputVisitor(context));
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>> createOutputDatasetQueryPlanVisitors(
      OpenLineageContext context) {
    List<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>> visitors =
        new java.util.ArrayList<>(
            List.of(
                new InsertIntoHadoopFsRelationOutputVisitor(context),
                new CreateTableAsSelectVisitor(context),
                new CreateTableVisitor(context),
                new TableLifecycleVisitor(context),
                new DropTableVisitor(context),
                new LoadDataVisitor(context),
                new JdbcSaveIntoDataSourceOutputVisitor(context),
                new V2WriteCommandOutputVisitor(context),
                new V2CreateTableOutputVisitor(context),
                new io.headwater.spark.plan.streaming.MicroBatchFileSinkOutputVisitor(context),
                new ViewDefinitionVisitor(context),
                new V2AlterTableVisitor(context),

                new DeltaSaveOutputVisitor(context),
                new DeltaRowLevelCommandOutputVisitor(context)));
    if (HiveSupport.AVAILABLE) {
      visitors.add(new HiveWriteVisitor(context));
    }
    return visitors;
  }
}
