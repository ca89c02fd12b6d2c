package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.naming.CatalogTables;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.execution.command.LoadDataCommand;

/**
 * {@code LOAD DATA [LOCAL] INPATH 'path' [OVERWRITE] INTO TABLE t}: files moved into a table.
 *
 * <pre>
 *   LoadDataCommand(table, path, isLocal, isOverwrite)
 *     -> output: the table (lifecycle OVERWRITE with OVERWRITE); its input, the loaded path, comes from
 *        {@code files.LoadDataInputVisitor}
 * </pre>
 */
@Internal
public final class LoadDataVisitor
    extends QueryPlanVisitor<LoadDataCommand, OpenLineage.OutputDataset> {
  public LoadDataVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(LoadDataCommand node) {
    CatalogTables tables = TableDatasets.catalog(context);
    return TableDatasets.output(
        context,
        tables.identifyByName(node.table()),
        tables.lookup(node.table()).map(CatalogTable::schema).orElse(null),
        node.isOverwrite() ? LifecycleStateChange.OVERWRITE : null);
  }

  @Override
  public Optional<String> jobNameSuffix(LoadDataCommand node) {
    return Optional.of(TableDatasets.catalog(context).jobNameSuffix(node.table()));
  }
}
