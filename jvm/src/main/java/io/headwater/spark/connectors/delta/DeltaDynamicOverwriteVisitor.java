package io.headwater.spark.connectors.delta;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.DatasetFacets;
import io.headwater.spark.tables.V2TableIdentity;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.V2WriteCommand;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;

/**
 * The table of a dynamic partition overwrite of a Delta catalog table: {@code INSERT OVERWRITE t
 * PARTITION (p) SELECT ...} with {@code spark.sql.sources.partitionOverwriteMode=dynamic}, {@code
 * df.writeTo(t).overwritePartitions()}. Delta rewrites Spark's {@code OverwritePartitionsDynamic}
 * into a command of its own, which is a {@link V2WriteCommand} (so its {@code query} is what the
 * {@code columnLineage} facet traces).
 *
 * <pre>
 *   DeltaDynamicPartitionOverwriteCommand(table = DataSourceV2Relation(catalog, identifier), query, ...)
 *     -> the table, named as every other write to it is ({@link V2TableIdentity}: its location with a
 *        symlink db.t); schema = the table's; lifecycle OVERWRITE
 * </pre>
 *
 * Delta's command is recognised by class name, never linked. Does not match a table without a
 * catalog identifier. Job-name suffix: {@code db_t}.
 */
@Internal
public final class DeltaDynamicOverwriteVisitor
    extends QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> {
  private static final String COMMAND =
      "org.apache.spark.sql.delta.DeltaDynamicPartitionOverwriteCommand";

  public DeltaDynamicOverwriteVisitor(OpenLineageContext context) {
    super(context, LogicalPlan.class);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return COMMAND.equals(node.getClass().getName()) && identity(node).isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(LogicalPlan node) {
    V2TableIdentity id = identity(node).orElseThrow();
    OpenLineage.DatasetFacetsBuilder facets = id.facets(context.openLineage());
    DatasetFacets.lifecycle(context.openLineage(), facets, LifecycleStateChange.OVERWRITE);
    return List.of(
        context.datasetFactory().output(id.namespace(), id.name(), table(node).schema(), facets));
  }

  @Override
  public Optional<String> jobNameSuffix(LogicalPlan node) {
    return identity(node).map(V2TableIdentity::qualifiedTable);
  }

  private Optional<V2TableIdentity> identity(LogicalPlan node) {
    return node instanceof V2WriteCommand write && write.table() instanceof DataSourceV2Relation r
        ? V2TableIdentity.of(r, context.sparkSession().orElse(null))
        : Optional.empty();
  }

  private static DataSourceV2Relation table(LogicalPlan node) {
    return (DataSourceV2Relation) ((V2WriteCommand) node).table();
  }
}
