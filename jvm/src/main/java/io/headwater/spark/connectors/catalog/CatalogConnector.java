package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.versions.SparkVersions;
import io.openlineage.client.OpenLineage;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * The session catalog's DDL and V1 table commands: CTAS, CREATE / ALTER / DROP / TRUNCATE TABLE,
 * LOAD DATA, persistent view definitions ({@link ViewDefinitionVisitor}); {@code saveAsTable}'s
 * {@code SaveAsV1TableCommand} only where it exists (Spark 4.1 on). Registered in {@code
 * META-INF/services/io.headwater.spark.api.Connector}; order 200 (see {@link Connector}).
 */
@Internal
public final class CatalogConnector implements Connector {
  @Override
  public int order() {
    return 200;
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
    List<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>> visitors =
        new ArrayList<>();
    if (SparkVersions.v1Writes().hasSaveAsTableCommand()) {
      // SaveAsV1TableCommand exists from Spark 4.1 only: the visitor is made only where it links
      visitors.add(new SaveAsV1TableVisitor(context));
    }
    visitors.addAll(
        List.of(
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
            new ViewDefinitionVisitor(context)));
    return visitors;
  }

  @Override
  public boolean isViewDefinition(LogicalPlan root) {
    return ViewDefinitionVisitor.isPersistentView(root);
  }
}
