package io.headwater.spark.connectors.catalog;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.facets.DatasetFacets;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.naming.CatalogTables;
import io.headwater.spark.naming.FileDatasetNames;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.command.AlterTableAddColumnsCommand;
import org.apache.spark.sql.execution.command.AlterTableChangeColumnCommand;
import org.apache.spark.sql.execution.command.AlterTableRenameCommand;
import org.apache.spark.sql.execution.command.AlterTableSetLocationCommand;
import org.apache.spark.sql.execution.command.AlterTableSetPropertiesCommand;
import org.apache.spark.sql.execution.command.AlterTableUnsetPropertiesCommand;
import org.apache.spark.sql.execution.command.TruncateTableCommand;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Session-catalog DDL that changes a table without reading data: one output, the table, with its
 * lifecycle change.
 *
 * <pre>
 *   TruncateTableCommand(tableName)              -> TRUNCATE
 *   AlterTableAddColumnsCommand(table, cols)     -> ALTER, schema with the added columns
 *   AlterTableSetLocationCommand(tableName, loc) -> ALTER, identity at the new location
 *   AlterTableRenameCommand(oldName, newName)    -> RENAME, identity of the new name, previousIdentifier the old one
 *   AlterTableSetPropertiesCommand(tableName, _) -> ALTER (SET TBLPROPERTIES, COMMENT ON TABLE)
 *   AlterTableUnsetPropertiesCommand(tableName)  -> ALTER (UNSET TBLPROPERTIES)
 *   AlterTableChangeColumnCommand(tableName, ..) -> ALTER (ALTER COLUMN ... COMMENT)
 * </pre>
 *
 * Views renamed with {@code ALTER VIEW ... RENAME} are not datasets and are skipped.
 */
public final class TableLifecycleVisitor
    extends QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> {
  public TableLifecycleVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof TruncateTableCommand
        || node instanceof AlterTableAddColumnsCommand
        || node instanceof AlterTableSetLocationCommand
        || node instanceof AlterTableChangeColumnCommand
        || (node instanceof AlterTableSetPropertiesCommand set && !set.isView())
        || (node instanceof AlterTableUnsetPropertiesCommand unset && !unset.isView())
        || (node instanceof AlterTableRenameCommand rename && !rename.isView());
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(LogicalPlan node) {
    CatalogTables tables = TableDatasets.catalog(context);
    if (node instanceof AlterTableRenameCommand rename) {
      DatasetIdentifier renamed = tables.identifyByName(rename.newName());
      OpenLineage.DatasetFacetsBuilder facets =
          DatasetFacets.withSymlinks(context.openLineage(), renamed);
      DatasetFacets.renamed(context.openLineage(), facets, tables.identifyByName(rename.oldName()));
      StructType schema = tables.lookup(rename.newName()).map(CatalogTable::schema).orElse(null);
      return List.of(
          context
              .datasetFactory()
              .output(renamed.getNamespace(), renamed.getName(), schema, facets));
    }
    TableIdentifier name = tableName(node);
    Optional<CatalogTable> table = tables.lookup(name);
    DatasetIdentifier id = tables.identifyByName(name);
    if (node instanceof AlterTableSetLocationCommand setLocation
        && setLocation.partitionSpec().isEmpty()) {
      DatasetIdentifier moved = FileDatasetNames.of(java.net.URI.create(setLocation.location()));
      id = new DatasetIdentifier(moved.getName(), moved.getNamespace(), id.getSymlinks());
    }
    StructType schema = table.map(CatalogTable::schema).orElse(null);
    if (node instanceof AlterTableAddColumnsCommand add && schema != null) {
      schema = withColumns(schema, ScalaCollections.asJava(add.colsToAdd()));
    }
    LifecycleStateChange state =
        node instanceof TruncateTableCommand
            ? LifecycleStateChange.TRUNCATE
            : LifecycleStateChange.ALTER;
    return TableDatasets.output(context, id, schema, state);
  }

  @Override
  public Optional<String> jobNameSuffix(LogicalPlan node) {
    TableIdentifier name =
        node instanceof AlterTableRenameCommand rename ? rename.newName() : tableName(node);
    return Optional.of(TableDatasets.catalog(context).jobNameSuffix(name));
  }

  private static TableIdentifier tableName(LogicalPlan node) {
    if (node instanceof TruncateTableCommand truncate) {
      return truncate.tableName();
    }
    if (node instanceof AlterTableAddColumnsCommand add) {
      return add.table();
    }
    if (node instanceof AlterTableSetPropertiesCommand set) {
      return set.tableName();
    }
    if (node instanceof AlterTableUnsetPropertiesCommand unset) {
      return unset.tableName();
    }
    if (node instanceof AlterTableChangeColumnCommand change) {
      return change.tableName();
    }
    return ((AlterTableSetLocationCommand) node).tableName();
  }

  /**
   * The schema with {@code added} appended, unless the catalog already shows them (the command
   * already ran).
   */
  private static StructType withColumns(StructType schema, List<StructField> added) {
    StructType result = schema;
    for (StructField field : added) {
      if (!List.of(result.fieldNames()).contains(field.name())) {
        result = result.add(field);
      }
    }
    return result;
  }
}
