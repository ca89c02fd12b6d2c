package io.headwater.spark.connectors;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.connectors.catalog.AlterTableAddColumnsVisitor;
import io.headwater.spark.connectors.catalog.AlterTableChangeColumnVisitor;
import io.headwater.spark.connectors.catalog.AlterTableRenameVisitor;
import io.headwater.spark.connectors.catalog.AlterTableSetLocationVisitor;
import io.headwater.spark.connectors.catalog.AlterTableSetPropertiesVisitor;
import io.headwater.spark.connectors.catalog.AlterTableUnsetPropertiesVisitor;
import io.headwater.spark.connectors.catalog.CreateDataSourceTableAsSelectVisitor;
import io.headwater.spark.connectors.catalog.CreateDataSourceTableVisitor;
import io.headwater.spark.connectors.catalog.CreateTableCommandVisitor;
import io.headwater.spark.connectors.catalog.DropTableVisitor;
import io.headwater.spark.connectors.catalog.LoadDataVisitor;
import io.headwater.spark.connectors.catalog.SaveAsV1TableVisitor;
import io.headwater.spark.connectors.catalog.TruncateTableVisitor;
import io.headwater.spark.connectors.catalog.ViewDefinitionVisitor;
import io.headwater.spark.connectors.delta.DeltaRowLevelVisitor;
import io.headwater.spark.connectors.delta.DeltaSaveOutputVisitor;
import io.headwater.spark.connectors.delta.DeltaSupport;
import io.headwater.spark.connectors.files.HadoopFsRelationInputVisitor;
import io.headwater.spark.connectors.files.InsertIntoHadoopFsRelationOutputVisitor;
import io.headwater.spark.connectors.files.LoadDataInputVisitor;
import io.headwater.spark.connectors.hive.CreateHiveTableAsSelectVisitor;
import io.headwater.spark.connectors.hive.HiveSupport;
import io.headwater.spark.connectors.hive.HiveTableRelationInputVisitor;
import io.headwater.spark.connectors.hive.InsertIntoHiveDirVisitor;
import io.headwater.spark.connectors.hive.InsertIntoHiveTableVisitor;
import io.headwater.spark.connectors.jdbc.JdbcRelationInputVisitor;
import io.headwater.spark.connectors.jdbc.JdbcSaveIntoDataSourceOutputVisitor;
import io.headwater.spark.connectors.kafka.KafkaMicroBatchStreamInputVisitor;
import io.headwater.spark.connectors.kafka.KafkaMicroBatchWriteOutputVisitor;
import io.headwater.spark.connectors.kafka.KafkaRelationInputVisitor;
import io.headwater.spark.connectors.kafka.KafkaSaveOutputVisitor;
import io.headwater.spark.connectors.rdd.LogicalRddInputVisitor;
import io.headwater.spark.connectors.rdd.RddJobInputDatasetBuilder;
import io.headwater.spark.connectors.rdd.RddJobOutputDatasetBuilder;
import io.headwater.spark.connectors.streaming.MicroBatchFileSinkOutputVisitor;
import io.headwater.spark.connectors.v2.AppendDataVisitor;
import io.headwater.spark.connectors.v2.DataSourceV2RelationInputVisitor;
import io.headwater.spark.connectors.v2.DataSourceV2ScanRelationInputVisitor;
import io.headwater.spark.connectors.v2.ReplaceDataVisitor;
import io.headwater.spark.connectors.v2.V2AlterTableVisitor;
import io.headwater.spark.connectors.v2.V2CreateTableVisitor;
import io.headwater.spark.connectors.v2.V2OverwriteVisitor;
import io.headwater.spark.connectors.v2.WriteDeltaVisitor;
import io.headwater.spark.versions.SparkVersions;
import io.openlineage.client.OpenLineage;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * Headwater's own visitors and builders, registered through {@code META-INF/services} exactly like
 * a third-party extension, so the product itself exercises the extension API. The agent runs it
 * after every user factory. The plan visitors give the datasets of SQL runs, one visitor per plan
 * node type (the input visitors are applied to every node, the output visitors to the plan root, in
 * the order listed; the first job-name suffix wins); the dataset builders those of RDD jobs (at the
 * job's {@code ActiveJob}: {@link RddJobInputDatasetBuilder}, {@link RddJobOutputDatasetBuilder}).
 * Visitors of optional modules are listed only when the module is present: Spark's Hive module
 * ({@link HiveSupport}) and Delta Lake's row-level commands ({@link DeltaSupport#commandClass}).
 * The Kafka connector's visitors are always listed: they recognise its objects by class name and
 * never link against it.
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
        new KafkaRelationInputVisitor(context),
        new KafkaMicroBatchStreamInputVisitor(context),
        new DataSourceV2ScanRelationInputVisitor(context),
        new DataSourceV2RelationInputVisitor(context),
        new LogicalRddInputVisitor(context));
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
    List<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>> visitors =
        new ArrayList<>(
            List.of(
                new InsertIntoHadoopFsRelationOutputVisitor(context),
                new CreateDataSourceTableAsSelectVisitor(context),
                new CreateDataSourceTableVisitor(context),
                new CreateTableCommandVisitor(context),
                new TruncateTableVisitor(context),
                new AlterTableAddColumnsVisitor(context),
                new AlterTableSetLocationVisitor(context),
                new AlterTableChangeColumnVisitor(context),
                new AlterTableSetPropertiesVisitor(context),
                new AlterTableUnsetPropertiesVisitor(context),
                new AlterTableRenameVisitor(context),
                new DropTableVisitor(context),
                new LoadDataVisitor(context),
                new JdbcSaveIntoDataSourceOutputVisitor(context),
                new KafkaSaveOutputVisitor(context),
                new AppendDataVisitor(context),
                V2OverwriteVisitor.byExpression(context),
                V2OverwriteVisitor.partitionsDynamic(context),
                new ReplaceDataVisitor(context),
                new WriteDeltaVisitor(context),
                V2CreateTableVisitor.create(context),
                V2CreateTableVisitor.createAsSelect(context),
                V2CreateTableVisitor.replace(context),
                V2CreateTableVisitor.replaceAsSelect(context),
                new MicroBatchFileSinkOutputVisitor(context),
                new KafkaMicroBatchWriteOutputVisitor(context),
                new ViewDefinitionVisitor(context),
                new V2AlterTableVisitor<>(context),
                new DeltaSaveOutputVisitor(context)));
    if (SparkVersions.v1Writes().hasSaveAsTableCommand()) {
      // SaveAsV1TableCommand exists from Spark 4.1 only: the visitor is made only where it links
      visitors.add(1, new SaveAsV1TableVisitor(context));
    }
    for (String command :
        List.of(DeltaSupport.MERGE_INTO, DeltaSupport.UPDATE, DeltaSupport.DELETE)) {
      if (DeltaSupport.commandClass(command).isPresent()) {
        visitors.add(new DeltaRowLevelVisitor(context, command));
      }
    }
    if (HiveSupport.AVAILABLE) {
      visitors.add(new InsertIntoHiveTableVisitor(context));
      visitors.add(new CreateHiveTableAsSelectVisitor(context));
      visitors.add(new InsertIntoHiveDirVisitor(context));
    }
    return visitors;
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
