package io.headwater.spark.connectors.v2;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.CreateTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The table a DataSourceV2 catalog's {@code CREATE TABLE t (...)} makes (without data; {@code
 * df.writeTo(t).create()} is a {@code CreateTableAsSelect}).
 *
 * <pre>
 *   CreateTable(name = ResolvedIdentifier(catalog, id), columns, partitioning, tableSpec, ignoreIfExists)
 *     -> one output named by the table ({@link V2CreatedTables}: tableSpec.location, when given, is the identity;
 *        the dataset the table's properties declare instead, when they do); lifecycle CREATE
 * </pre>
 *
 * A session-catalog table (Delta Lake's {@code DeltaCatalog}) is named like a V1 table. Does not
 * match a name that is not a {@code ResolvedIdentifier}. Job-name suffix: {@code <ns>.<table>},
 * without the catalog ({@code ns_t}).
 */
public final class V2CreateTableVisitor
    extends QueryPlanVisitor<CreateTable, OpenLineage.OutputDataset> {
  private final V2CreatedTables tables;

  public V2CreateTableVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new V2CreatedTables(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof CreateTable plan && tables.identity(plan, plan.tableSpec()).isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(CreateTable node) {
    return tables.outputs(node, node.tableSpec(), LifecycleStateChange.CREATE);
  }

  @Override
  public Optional<String> jobNameSuffix(CreateTable node) {
    return tables.jobNameSuffix(node, node.tableSpec());
  }
}
