package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.tables.CatalogTableOutputs;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.command.CreateDataSourceTableCommand;
import org.apache.spark.sql.types.StructType;

/**
 * A session-catalog table of a V1 source created without data, {@code CREATE TABLE t (...) USING
 * fmt}.
 *
 * <pre>
 *   CreateDataSourceTableCommand(table, ignoreIfExists)
 *     -> the table (location or default path, symlink db.table) with its declared schema; lifecycle CREATE
 *        (no columns declared, as for CREATE TABLE t USING parquet LOCATION '<files>'): the schema the
 *        catalog has for it, which Spark infers from the files as the command runs; none before that
 * </pre>
 *
 * Job-name suffix: {@code db_table}.
 */
@Internal
public final class CreateDataSourceTableVisitor
    extends QueryPlanVisitor<CreateDataSourceTableCommand, OpenLineage.OutputDataset> {
  private final CatalogTableOutputs tables;
  private final SessionTableChanges catalog;

  public CreateDataSourceTableVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new CatalogTableOutputs(context);
    this.catalog = new SessionTableChanges(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(CreateDataSourceTableCommand node) {
    StructType declared = node.table().schema();
    StructType schema =
        declared.isEmpty() ? catalog.schema(node.table().identifier()) : declared; // null: none yet
    return tables.output(node.table(), schema, LifecycleStateChange.CREATE);
  }

  @Override
  public Optional<String> jobNameSuffix(CreateDataSourceTableCommand node) {
    return tables.jobNameSuffix(node.table());
  }
}
