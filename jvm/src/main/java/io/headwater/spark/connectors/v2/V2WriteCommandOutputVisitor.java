package io.headwater.spark.connectors.v2;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.DatasetFacets;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.AppendData;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.OverwriteByExpression;
import org.apache.spark.sql.catalyst.plans.logical.OverwritePartitionsDynamic;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceData;
import org.apache.spark.sql.catalyst.plans.logical.V2WriteCommand;
import org.apache.spark.sql.catalyst.plans.logical.WriteDelta;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;

/**
 * The output of a write into a DataSourceV2 catalog table ({@code INSERT INTO/OVERWRITE}, {@code
 * df.writeTo(t) .append()/.overwrite(cond)/.overwritePartitions()}, and the write Spark runs as its
 * own execution after a CTAS/RTAS has created the table).
 *
 * <pre>
 *   AppendData(table = DataSourceV2Relation(catalog = Some(c), identifier = Some(id)), query)
 *     -> one output named by {@link V2TableIdentity}; schema = the table's schema
 *   OverwriteByExpression(table = DataSourceV2Relation(...), deleteExpr, query)
 *   OverwritePartitionsDynamic(table = DataSourceV2Relation(...), query)
 *     -> the same, with lifecycleStateChange OVERWRITE
 *   ReplaceData(table = DataSourceV2Relation(...), query, originalTable)   copy-on-write MERGE INTO / UPDATE / DELETE
 *   WriteDelta(table = DataSourceV2Relation(...), query, originalTable)    merge-on-read MERGE INTO / UPDATE / DELETE
 *     -> the same, without lifecycleStateChange (the rows change, not the table); the query reads the table itself,
 *        so it is an input too
 * </pre>
 *
 * A table whose properties declare its dataset ({@link DeclaredDataset}) is that dataset instead,
 * with the declared facets (and lifecycleStateChange as above).
 *
 * <p>Does not match a target relation without a catalog or identifier. Job-name suffix: {@code
 * <catalog>.<ns>.<table>} ({@code testcat_ns_t}), the relation's name as Spark prints it; {@code
 * <db>.<table>} for a session-catalog table (Delta Lake's {@code DeltaCatalog}), as for V1 writes.
 */
public final class V2WriteCommandOutputVisitor
    extends QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> {

  public V2WriteCommandOutputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return target(node)
        .filter(r -> DeclaredDataset.of(r).isPresent() || identity(r).isPresent())
        .isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(LogicalPlan node) {
    DataSourceV2Relation table = target(node).orElseThrow();
    Optional<DeclaredDataset> declared = DeclaredDataset.of(table);
    Optional<V2TableIdentity> id = identity(table);
    OpenLineage.DatasetFacetsBuilder facets =
        declared.isPresent() || id.isEmpty()
            ? context.openLineage().newDatasetFacetsBuilder()
            : id.get().facets(context.openLineage());
    if (node instanceof OverwriteByExpression || node instanceof OverwritePartitionsDynamic) {
      DatasetFacets.lifecycle(context.openLineage(), facets, LifecycleStateChange.OVERWRITE);
    }
    if (declared.isPresent()) {
      return List.of(
          declared
              .get()
              .output(context.openLineage(), context.datasetFactory(), table.schema(), facets));
    }
    return List.of(
        context
            .datasetFactory()
            .output(id.get().namespace(), id.get().name(), table.schema(), facets));
  }

  @Override
  public Optional<String> jobNameSuffix(LogicalPlan node) {
    return target(node).flatMap(this::identity).map(V2TableIdentity::qualifiedTable);
  }

  private Optional<V2TableIdentity> identity(DataSourceV2Relation table) {
    return V2TableIdentity.of(table, context.sparkSession().orElse(null));
  }

  private static Optional<DataSourceV2Relation> target(LogicalPlan node) {
    boolean covered =
        node instanceof AppendData
            || node instanceof OverwriteByExpression
            || node instanceof OverwritePartitionsDynamic
            || node instanceof ReplaceData
            || node instanceof WriteDelta;
    if (covered && ((V2WriteCommand) node).table() instanceof DataSourceV2Relation relation) {
      return Optional.of(relation);
    }
    return Optional.empty();
  }
}
