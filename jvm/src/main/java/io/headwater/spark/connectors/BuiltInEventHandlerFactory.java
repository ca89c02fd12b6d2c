package io.headwater.spark.connectors;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.connectors.catalog.CreateTableAsSelectVisitor;
import io.headwater.spark.connectors.catalog.CreateTableVisitor;
import io.headwater.spark.connectors.catalog.DropTableVisitor;
import io.headwater.spark.connectors.catalog.LoadDataVisitor;
import io.headwater.spark.connectors.catalog.TableLifecycleVisitor;
import io.headwater.spark.connectors.catalog.ViewDefinitionVisitor;
import io.headwater.spark.connectors.delta.DeltaRowLevelCommandOutputVisitor;
import io.headwater.spark.connectors.delta.DeltaSaveOutputVisitor;
import io.headwater.spark.connectors.files.HadoopFsRelationInputVisitor;
import io.headwater.spark.connectors.files.InsertIntoHadoopFsRelationOutputVisitor;
import io.headwater.spark.connectors.files.LoadDataInputVisitor;
import io.headwater.spark.connectors.hive.HiveSupport;
import io.headwater.spark.connectors.hive.HiveTableRelationInputVisitor;
import io.headwater.spark.connectors.hive.HiveWriteVisitor;
import io.headwater.spark.connectors.jdbc.JdbcRelationInputVisitor;
import io.headwater.spark.connectors.jdbc.JdbcSaveIntoDataSourceOutputVisitor;
import io.headwater.spark.connectors.v2.DataSourceV2RelationInputVisitor;
import io.headwater.spark.connectors.v2.V2AlterTableVisitor;
import io.headwater.spark.connectors.v2.V2CreateTableOutputVisitor;
import io.headwater.spark.connectors.v2.V2WriteCommandOutputVisitor;
import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * Headwater's own visitors and builders, registered through {@code META-INF/services} exactly like
 * a third-party extension, so the product itself exercises the extension API. The agent runs it
 * after every user factory. The plan visitors give the datasets of SQL runs; the dataset builders
 * those of RDD jobs (at the job's {@code ActiveJob}: {@link
 * io.headwater.spark.connectors.rdd.RddJobInputDatasetBuilder}, {@link
 * io.headwater.spark.connectors.rdd.RddJobOutputDatasetBuilder}).
 */
public final class BuiltInEventHandlerFactory implements OpenLineageEventHandlerFactory {
  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
      createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(
        new HadoopFsRelationInputVisitor(context),
        new HiveTableRelationInputVisitor(context),
        new LoadDataInputVisitor(context),
        new JdbcRelationInputVisitor(context),
        new DataSourceV2RelationInputVisitor(context));
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
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
                new io.headwater.spark.connectors.streaming.MicroBatchFileSinkOutputVisitor(
                    context),
                new ViewDefinitionVisitor(context),
                new V2AlterTableVisitor(context),
                new DeltaSaveOutputVisitor(context),
                new DeltaRowLevelCommandOutputVisitor(context)));
    if (HiveSupport.AVAILABLE) {
      visitors.add(new HiveWriteVisitor(context));
    }
    return visitors;
  }

  @Override
  public Collection<PartialFunction<Object, List<OpenLineage.InputDataset>>>
      createInputDatasetBuilder(OpenLineageContext context) {
    return List.of(new io.headwater.spark.connectors.rdd.RddJobInputDatasetBuilder(context));
  }

  @Override
  public Collection<PartialFunction<Object, List<OpenLineage.OutputDataset>>>
      createOutputDatasetBuilder(OpenLineageContext context) {
    return List.of(new io.headwater.spark.connectors.rdd.RddJobOutputDatasetBuilder(context));
  }
}
