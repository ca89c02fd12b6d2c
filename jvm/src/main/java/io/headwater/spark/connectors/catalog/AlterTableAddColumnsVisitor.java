package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.compat.ScalaCollections;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.command.AlterTableAddColumnsCommand;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * {@code ALTER TABLE t ADD COLUMNS (...)} on a session-catalog table: one output, the table with
 * its new columns, lifecycle ALTER.
 *
 * <pre>
 *   AlterTableAddColumnsCommand(table, colsToAdd)
 *     -> the table (location, symlink db.table); schema = the table's in the catalog followed by the columns
 *        added that it does not show yet (before the command has run); lifecycle ALTER
 * </pre>
 *
 * Job-name suffix: {@code db_table}.
 */
@Internal
public final class AlterTableAddColumnsVisitor
    extends QueryPlanVisitor<AlterTableAddColumnsCommand, OpenLineage.OutputDataset> {
  private final SessionTableChanges tables;

  public AlterTableAddColumnsVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new SessionTableChanges(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(AlterTableAddColumnsCommand node) {
    StructType schema = tables.schema(node.table());
    if (schema != null) {
      schema = withColumns(schema, ScalaCollections.asJava(node.colsToAdd()));
    }
    return tables.output(tables.identity(node.table()), schema, LifecycleStateChange.ALTER);
  }

  @Override
  public Optional<String> jobNameSuffix(AlterTableAddColumnsCommand node) {
    return tables.jobNameSuffix(node.table());
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
