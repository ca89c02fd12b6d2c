package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.tables.CatalogTableOutputs;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.command.CreateTableCommand;

/**
 * A Hive-format table created without data, {@code CREATE TABLE t (...) STORED AS fmt} (or {@code
 * ROW FORMAT ...}).
 *
 * <pre>
 *   CreateTableCommand(table, ignoreIfExists)       (Spark's own command; the table is Hive's)
 *     -> the table (location or default path, symlink db.table) with its declared schema; lifecycle CREATE
 * </pre>
 *
 * Job-name suffix: {@code db_table}.
 */
@Internal
public final class CreateTableCommandVisitor
    extends QueryPlanVisitor<CreateTableCommand, OpenLineage.OutputDataset> {
  private final CatalogTableOutputs tables;

  public CreateTableCommandVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new CatalogTableOutputs(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(CreateTableCommand node) {
    return tables.output(node.table(), node.table().schema(), LifecycleStateChange.CREATE);
  }

  @Override
  public Optional<String> jobNameSuffix(CreateTableCommand node) {
    return tables.jobNameSuffix(node.table());
  }
}
