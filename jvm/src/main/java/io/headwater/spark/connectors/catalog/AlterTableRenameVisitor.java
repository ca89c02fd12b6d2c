package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.DatasetFacets;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.command.AlterTableRenameCommand;
import org.apache.spark.sql.types.StructType;

/**
 * {@code ALTER TABLE old RENAME TO new} on a session-catalog table: one output, the table under its
 * new name.
 *
 * <pre>
 *   AlterTableRenameCommand(oldName, newName, isView = false)
 *     -> the identity of newName (location, symlink db.new) with the lifecycle change RENAME and
 *        previousIdentifier = the identity of oldName; schema = the table's in the catalog (under
 *        newName, or under oldName when read before the rename ran)
 *   AlterTableRenameCommand(oldName, newName, isView = true)      ALTER VIEW ... RENAME
 *     -> not matched: a view is not a dataset
 * </pre>
 *
 * Job-name suffix: {@code db_new}.
 */
@Internal
public final class AlterTableRenameVisitor
    extends QueryPlanVisitor<AlterTableRenameCommand, OpenLineage.OutputDataset> {
  private final SessionTableChanges tables;

  public AlterTableRenameVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new SessionTableChanges(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof AlterTableRenameCommand rename && !rename.isView();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(AlterTableRenameCommand node) {
    DatasetIdentifier renamed = tables.identity(node.newName());
    OpenLineage.DatasetFacetsBuilder facets =
        DatasetFacets.withSymlinks(context.openLineage(), renamed);
    DatasetFacets.renamed(context.openLineage(), facets, tables.identity(node.oldName()));
    // read before the command ran, the table is still under its old name; a rename keeps the schema
    StructType schema = tables.schema(node.newName());
    return List.of(
        context
            .datasetFactory()
            .output(
                renamed.getNamespace(),
                renamed.getName(),
                schema != null ? schema : tables.schema(node.oldName()),
                facets));
  }

  @Override
  public Optional<String> jobNameSuffix(AlterTableRenameCommand node) {
    return tables.jobNameSuffix(node.newName());
  }
}
