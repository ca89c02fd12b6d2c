package io.headwater.spark.connectors.v2;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageContext;
import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.catalyst.plans.logical.AlterTableCommand;
import org.apache.spark.sql.catalyst.plans.logical.Command;
import org.apache.spark.sql.catalyst.plans.logical.CreateTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * Catalogs of the DataSource V2 API (Iceberg and any other V2 table): scans, appends, overwrites,
 * row-level writes, streaming queries' micro-batch writes, CREATE / REPLACE (AS SELECT) and ALTER
 * of V2 tables. Registered in {@code META-INF/services/io.headwater.spark.api.Connector}; order 500
 * (see {@link Connector}).
 */
@Internal
public final class V2Connector implements Connector {
  @Override
  public int order() {
    return 500;
  }

  /** Its hooks answer only commands (V2 DDL). */
  @Override
  public Collection<Class<?>> hookNodeTypes() {
    return List.of(Command.class);
  }

  /** {@code CREATE TABLE} without data and {@code ALTER TABLE} (also {@code COMMENT ON TABLE}). */
  @Override
  public boolean changesOnlyTableMetadata(LogicalPlan root) {
    return root instanceof CreateTable || root instanceof AlterTableCommand;
  }

  /** Iceberg's current snapshot ({@link IcebergTableVersions}). */
  @Override
  public Optional<String> tableVersion(String namespace, String name, Configuration hadoopConf) {
    return IcebergTableVersions.of(namespace, name, hadoopConf);
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
      createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(
        new DataSourceV2ScanRelationInputVisitor(context),
        new DataSourceV2RelationInputVisitor(context));
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(
        new AppendDataVisitor(context),
        V2OverwriteVisitor.byExpression(context),
        V2OverwriteVisitor.partitionsDynamic(context),
        new ReplaceDataVisitor(context),
        new WriteDeltaVisitor(context),
        V2TableOutputVisitor.metadataOnlyDelete(context),
        V2TableOutputVisitor.deleteByFilter(context),
        V2TableOutputVisitor.microBatchWrite(context),
        V2CreateTableVisitor.create(context),
        V2CreateTableVisitor.createAsSelect(context),
        V2CreateTableVisitor.replace(context),
        V2CreateTableVisitor.replaceAsSelect(context),
        new V2AlterTableVisitor<>(context));
  }
}
