package io.headwater.spark.connectors;

import static org.junit.Assert.assertEquals;

import io.headwater.spark.api.OpenLineageContext;
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
import io.headwater.spark.connectors.delta.DeltaDynamicOverwriteVisitor;
import io.headwater.spark.connectors.delta.DeltaRowLevelVisitor;
import io.headwater.spark.connectors.delta.DeltaSaveOutputVisitor;
import io.headwater.spark.connectors.delta.DeltaStreamSinkOutputVisitor;
import io.headwater.spark.connectors.files.HadoopFsRelationInputVisitor;
import io.headwater.spark.connectors.files.InsertIntoHadoopFsRelationOutputVisitor;
import io.headwater.spark.connectors.files.LoadDataInputVisitor;
import io.headwater.spark.connectors.hive.CreateHiveTableAsSelectVisitor;
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
import io.headwater.spark.connectors.streaming.MicroBatchFileSinkOutputVisitor;
import io.headwater.spark.connectors.v2.AppendDataVisitor;
import io.headwater.spark.connectors.v2.DataSourceV2RelationInputVisitor;
import io.headwater.spark.connectors.v2.DataSourceV2ScanRelationInputVisitor;
import io.headwater.spark.connectors.v2.ReplaceDataVisitor;
import io.headwater.spark.connectors.v2.V2AlterTableVisitor;
import io.headwater.spark.connectors.v2.V2CreateTableVisitor;
import io.headwater.spark.connectors.v2.V2OverwriteVisitor;
import io.headwater.spark.connectors.v2.V2TableOutputVisitor;
import io.headwater.spark.connectors.v2.WriteDeltaVisitor;
import io.headwater.spark.junit.LocalSpark;
import io.headwater.spark.reading.walk.ConnectorRegistry;
import java.util.List;
import org.junit.Test;

/**
 * The built-in connectors, found through {@code META-INF/services/io.headwater.spark.api.Connector}
 * like a third-party one, and their plan visitors in order: connectors by {@code order()}, each
 * connector's visitors as it lists them. Input visitors are applied to every node in this order,
 * output visitors to the plan root in this order (the first job-name suffix wins). With Hive and
 * Delta Lake on the class path (as on the JUnit class path) their visitors are listed.
 */
public class BuiltInConnectorsTest {
  private final OpenLineageContext context = LocalSpark.context();
  private final List<io.headwater.spark.api.Connector> connectors =
      ConnectorRegistry.load(getClass().getClassLoader(), failure -> {}, (c, hook, failure) -> {})
          .connectors();

  @Test
  public void theConnectorsInOrder() {
    assertEquals(
        List.of(
            io.headwater.spark.connectors.files.FilesConnector.class,
            io.headwater.spark.connectors.catalog.CatalogConnector.class,
            io.headwater.spark.connectors.jdbc.JdbcConnector.class,
            io.headwater.spark.connectors.kafka.KafkaConnector.class,
            io.headwater.spark.connectors.v2.V2Connector.class,
            io.headwater.spark.connectors.streaming.StreamingConnector.class,
            io.headwater.spark.connectors.delta.DeltaConnector.class,
            io.headwater.spark.connectors.hive.HiveConnector.class,
            io.headwater.spark.connectors.rdd.RddConnector.class),
        connectors.stream().map(Object::getClass).toList());
  }

  @Test
  public void theInputVisitorsInOrder() {
    assertEquals(
        List.of(
            HadoopFsRelationInputVisitor.class,
            LoadDataInputVisitor.class,
            JdbcRelationInputVisitor.class,
            KafkaRelationInputVisitor.class,
            KafkaMicroBatchStreamInputVisitor.class,
            DataSourceV2ScanRelationInputVisitor.class,
            DataSourceV2RelationInputVisitor.class,
            HiveTableRelationInputVisitor.class,
            LogicalRddInputVisitor.class),
        connectors.stream()
            .flatMap(c -> c.createInputDatasetQueryPlanVisitors(context).stream())
            .map(Object::getClass)
            .toList());
  }

  @Test
  public void theOutputVisitorsInOrder() {
    assertEquals(
        List.of(
            InsertIntoHadoopFsRelationOutputVisitor.class,
            SaveAsV1TableVisitor.class,
            CreateDataSourceTableAsSelectVisitor.class,
            CreateDataSourceTableVisitor.class,
            CreateTableCommandVisitor.class,
            TruncateTableVisitor.class,
            AlterTableAddColumnsVisitor.class,
            AlterTableSetLocationVisitor.class,
            AlterTableChangeColumnVisitor.class,
            AlterTableSetPropertiesVisitor.class,
            AlterTableUnsetPropertiesVisitor.class,
            AlterTableRenameVisitor.class,
            DropTableVisitor.class,
            LoadDataVisitor.class,
            ViewDefinitionVisitor.class,
            JdbcSaveIntoDataSourceOutputVisitor.class,
            KafkaSaveOutputVisitor.class,
            KafkaMicroBatchWriteOutputVisitor.class,
            AppendDataVisitor.class,
            V2OverwriteVisitor.class,
            V2OverwriteVisitor.class,
            ReplaceDataVisitor.class,
            WriteDeltaVisitor.class,
            V2TableOutputVisitor.class,
            V2TableOutputVisitor.class,
            V2TableOutputVisitor.class,
            V2CreateTableVisitor.class,
            V2CreateTableVisitor.class,
            V2CreateTableVisitor.class,
            V2CreateTableVisitor.class,
            V2AlterTableVisitor.class,
            MicroBatchFileSinkOutputVisitor.class,
            DeltaSaveOutputVisitor.class,
            DeltaStreamSinkOutputVisitor.class,
            DeltaDynamicOverwriteVisitor.class,
            DeltaRowLevelVisitor.class,
            DeltaRowLevelVisitor.class,
            DeltaRowLevelVisitor.class,
            InsertIntoHiveTableVisitor.class,
            CreateHiveTableAsSelectVisitor.class,
            InsertIntoHiveDirVisitor.class),
        connectors.stream()
            .flatMap(c -> c.createOutputDatasetQueryPlanVisitors(context).stream())
            .map(Object::getClass)
            .toList());
  }
}
