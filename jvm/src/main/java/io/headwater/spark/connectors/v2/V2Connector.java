package io.headwater.spark.connectors.v2;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageContext;
import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
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
