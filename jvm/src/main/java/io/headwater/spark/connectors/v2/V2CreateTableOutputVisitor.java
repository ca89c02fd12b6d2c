package io.headwater.spark.connectors.v2;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.facets.DatasetFacets;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.CreateTable;
import org.apache.spark.sql.catalyst.plans.logical.CreateTableAsSelect;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceTable;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceTableAsSelect;
import org.apache.spark.sql.catalyst.plans.logical.TableSpecBase;
import org.apache.spark.sql.catalyst.plans.logical.V2CreateTablePlan;
import org.apache.spark.sql.types.StructType;

/**
 * The table a DataSourceV2 {@code CREATE TABLE}, {@code CREATE TABLE ... AS SELECT}, {@code REPLACE
 * TABLE [AS SELECT]} or {@code df.writeTo(t).create()/.createOrReplace()} makes.
 *
 * <pre>
 *   CreateTable(name = ResolvedIdentifier(catalog, id), columns, partitioning, tableSpec)
 *   CreateTableAsSelect(name = ResolvedIdentifier(catalog, id), ..., query, tableSpec)
 *     -> one output named by {@link V2TableIdentity} (tableSpec.location, when given, is the identity);
 *        schema = the declared schema (CTAS: the query's); lifecycleStateChange CREATE
 *   ReplaceTable(...), ReplaceTableAsSelect(...)    -> the same, lifecycleStateChange OVERWRITE
 * </pre>
 *
 * In Spark 4.1 a CTAS/RTAS runs its write as a second execution ({@code AppendData}/{@code
 * OverwriteByExpression}, see {@link V2WriteCommandOutputVisitor}); Spark holds the CTAS/RTAS query
 * as an inner child, which the plan walk visits for inputs. A session-catalog table (Delta Lake's
 * {@code DeltaCatalog}: {@code CREATE TABLE ... USING delta}, {@code saveAsTable}) is named like a
 * V1 table ({@link V2TableIdentity}). Does not match a name that is not a {@code
 * ResolvedIdentifier}. A table whose {@code TBLPROPERTIES} declare its dataset ({@link
 * DeclaredDataset}) is that dataset instead, with the declared facets. Job-name suffix: {@code
 * <ns>.<table>}, without the catalog ({@code ns_t}).
 */
public final class V2CreateTableOutputVisitor
    extends QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> {

  public V2CreateTableOutputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return identity(node).isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(LogicalPlan node) {
    V2TableIdentity id = identity(node).orElseThrow();
    boolean replaces = node instanceof ReplaceTable || node instanceof ReplaceTableAsSelect;
    OpenLineage.DatasetFacetsBuilder facets =
        DatasetFacets.lifecycle(
            context.openLineage(),
            id.facets(context.openLineage()),
            replaces ? LifecycleStateChange.OVERWRITE : LifecycleStateChange.CREATE);
    StructType schema = ((V2CreateTablePlan) node).tableSchema();
    Optional<DeclaredDataset> declared =
        tableSpec(node)
            .flatMap(
                spec ->
                    DeclaredDataset.of(
                        ScalaCollections.asJava(spec.properties()), id.qualifiedTable()));
    if (declared.isPresent()) {
      OpenLineage.DatasetFacetsBuilder lifecycle =
          DatasetFacets.lifecycle(
              context.openLineage(),
              context.openLineage().newDatasetFacetsBuilder(),
              replaces ? LifecycleStateChange.OVERWRITE : LifecycleStateChange.CREATE);
      return List.of(
          declared
              .get()
              .output(context.openLineage(), context.datasetFactory(), schema, lifecycle));
    }
    return List.of(context.datasetFactory().output(id.namespace(), id.name(), schema, facets));
  }

  @Override
  public Optional<String> jobNameSuffix(LogicalPlan node) {
    return identity(node).map(V2TableIdentity::table);
  }

  private Optional<V2TableIdentity> identity(LogicalPlan node) {
    LogicalPlan name = node instanceof V2CreateTablePlan plan ? plan.name() : null;
    return tableSpec(node)
        .flatMap(
            spec ->
                V2TableIdentity.of(
                    name,
                    ScalaCollections.asJava(spec.location()),
                    context.sparkSession().orElse(null)));
  }

  /** The table spec of the four covered nodes; {@code tableSpec()} is not on their common trait. */
  private static Optional<TableSpecBase> tableSpec(LogicalPlan node) {
    if (node instanceof CreateTable create) {
      return Optional.of(create.tableSpec());
    }
    if (node instanceof CreateTableAsSelect ctas) {
      return Optional.of(ctas.tableSpec());
    }
    if (node instanceof ReplaceTable replace) {
      return Optional.of(replace.tableSpec());
    }
    return node instanceof ReplaceTableAsSelect rtas
        ? Optional.of(rtas.tableSpec())
        : Optional.empty();
  }
}
