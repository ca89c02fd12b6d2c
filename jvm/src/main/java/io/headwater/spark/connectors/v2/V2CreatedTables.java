package io.headwater.spark.connectors.v2;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.facets.DatasetFacets;
import io.headwater.spark.tables.V2TableIdentity;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.TableSpecBase;
import org.apache.spark.sql.catalyst.plans.logical.V2CreateTablePlan;

/**
 * The table a DataSourceV2 create or replace command makes, as an output dataset. Shared by the
 * visitors of {@code CreateTable}, {@code CreateTableAsSelect}, {@code ReplaceTable} and {@code
 * ReplaceTableAsSelect}, which each pass their own {@code tableSpec} (it is not on the commands'
 * common trait).
 *
 * <pre>
 *   V2CreateTablePlan(name = ResolvedIdentifier(catalog, id), tableSchema), tableSpec(location, properties)
 *     -> one output named by {@link V2TableIdentity} (tableSpec.location, when given, is the identity);
 *        schema = the table's declared schema (CTAS/RTAS: the query's)
 *   ... tableSpec.properties with openlineage.dataset.namespace and .name
 *     -> the dataset the properties declare ({@link DeclaredDataset}), with the declared facets
 *   V2CreateTablePlan(name = anything but a ResolvedIdentifier)
 *     -> no identity: the visitors do not match
 * </pre>
 */
final class V2CreatedTables {
  private final OpenLineageContext context;

  V2CreatedTables(OpenLineageContext context) {
    this.context = Objects.requireNonNull(context, "context");
  }

  /** The created table's identity; empty unless the command's name is a resolved identifier. */
  Optional<V2TableIdentity> identity(V2CreateTablePlan plan, TableSpecBase spec) {
    return V2TableIdentity.of(
        plan.name(), ScalaCollections.asJava(spec.location()), context.sparkSession().orElse(null));
  }

  /**
   * The table as one output with lifecycle {@code state}; call only when {@link #identity} is
   * present.
   */
  List<OpenLineage.OutputDataset> outputs(
      V2CreateTablePlan plan, TableSpecBase spec, LifecycleStateChange state) {
    OpenLineage openLineage = context.openLineage();
    V2TableIdentity id = identity(plan, spec).orElseThrow();
    Optional<DeclaredDataset> declared =
        DeclaredDataset.of(ScalaCollections.asJava(spec.properties()), id.qualifiedTable());
    if (declared.isPresent()) {
      OpenLineage.DatasetFacetsBuilder lifecycle =
          DatasetFacets.lifecycle(openLineage, openLineage.newDatasetFacetsBuilder(), state);
      return List.of(
          declared
              .get()
              .output(openLineage, context.datasetFactory(), plan.tableSchema(), lifecycle));
    }
    OpenLineage.DatasetFacetsBuilder facets =
        DatasetFacets.lifecycle(openLineage, id.facets(openLineage), state);
    return List.of(
        context.datasetFactory().output(id.namespace(), id.name(), plan.tableSchema(), facets));
  }

  /** {@code <ns>.<table>}, without the catalog ({@code ns.t}). */
  Optional<String> jobNameSuffix(V2CreateTablePlan plan, TableSpecBase spec) {
    return identity(plan, spec).map(V2TableIdentity::table);
  }
}
