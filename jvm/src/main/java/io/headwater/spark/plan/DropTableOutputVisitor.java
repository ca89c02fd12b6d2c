package io.headwater.spark.plan;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.DatasetFacets;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.DropTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The table a DataSourceV2 {@code DROP TABLE} drops.
 *
 * <pre>
 *   DropTable(child = ResolvedIdentifier(catalog, id), ifExists, purge)
 *     -> one output, namespace {@code <catalog>}, name {@code <ns>.<table>}; no schema; lifecycleStateChange DROP
 * </pre>
 *
 * The plan names the table but does not hold it, and the agent reads the plan after Spark has begun to drop it, so a
 * table's {@code location} cannot be known here: a dropped table is always named by its catalog identity. Does not
 * match a table of the session catalog: in Spark 4.1 {@code DROP TABLE} of a session-catalog table is a
 * {@code DropTable} too, but those tables are named like V1 tables (see {@link V2TableIdentity}).
 * Job-name suffix: {@code <ns>.<table>} ({@code ns_t}).
 */
public final class DropTableOutputVisitor extends QueryPlanVisitor<DropTable, OpenLineage.OutputDataset> {

  public DropTableOutputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof DropTable drop && identity(drop).isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(DropTable node) {
    V2TableIdentity id = identity(node).orElseThrow();
    OpenLineage.DatasetFacetsBuilder facets =
        DatasetFacets.lifecycle(context.openLineage(), id.facets(context.openLineage()), LifecycleStateChange.DROP);
    return List.of(context.datasetFactory().output(id.namespace(), id.name(), null, facets));
  }

  @Override
  public Optional<String> jobNameSuffix(DropTable node) {
    return identity(node).map(V2TableIdentity::table);
  }

  private static Optional<V2TableIdentity> identity(DropTable node) {
    return V2TableIdentity.of(node.child(), Optional.empty());
  }
}
