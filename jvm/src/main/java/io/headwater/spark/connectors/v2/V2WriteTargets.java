package io.headwater.spark.connectors.v2;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.facets.DatasetFacets;
import io.headwater.spark.tables.V2TableIdentity;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.V2WriteCommand;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;

/**
 * The table a DataSourceV2 write command ({@link V2WriteCommand}) writes, as an output dataset.
 * Shared by the visitors of {@code AppendData}, {@code OverwriteByExpression}, {@code
 * OverwritePartitionsDynamic}, {@code ReplaceData} and {@code WriteDelta}, and of a streaming
 * query's micro-batch write to a table and the deletes of {@link V2TableOutputVisitor}, which hold
 * the same relation.
 *
 * <pre>
 *   V2WriteCommand(table = DataSourceV2Relation(table, catalog = Some(c), identifier = Some(id)), query)
 *     -> one output named by {@link V2TableIdentity}; schema = the relation's
 *   V2WriteCommand(table = DataSourceV2Relation(table with openlineage.dataset.* properties), query)
 *     -> the dataset the table declares ({@link DeclaredDataset}), with the declared facets
 *   V2WriteCommand(table = a relation without catalog or identifier, or not a DataSourceV2Relation)
 *     -> not named: the visitors do not match
 * </pre>
 */
final class V2WriteTargets {
  private final OpenLineageContext context;

  V2WriteTargets(OpenLineageContext context) {
    this.context = Objects.requireNonNull(context, "context");
  }

  /** True when the written table is a dataset: declared by its properties, or in a catalog. */
  boolean isNamed(V2WriteCommand write) {
    return target(write).filter(this::isNamed).isPresent();
  }

  /** True when {@code table} is a dataset: declared by its properties, or in a catalog. */
  boolean isNamed(DataSourceV2Relation table) {
    return DeclaredDataset.of(table).isPresent() || identity(table).isPresent();
  }

  /**
   * The written table as one output, with lifecycle {@code state} (null for none); call only when
   * {@link #isNamed}.
   */
  List<OpenLineage.OutputDataset> outputs(V2WriteCommand write, LifecycleStateChange state) {
    return outputs(target(write).orElseThrow(), state);
  }

  /**
   * {@code table} as one output, with lifecycle {@code state} (null for none); call only when
   * {@link #isNamed(DataSourceV2Relation)}.
   */
  List<OpenLineage.OutputDataset> outputs(DataSourceV2Relation table, LifecycleStateChange state) {
    Optional<DeclaredDataset> declared = DeclaredDataset.of(table);
    Optional<V2TableIdentity> id = identity(table);
    OpenLineage.DatasetFacetsBuilder facets =
        declared.isPresent() || id.isEmpty()
            ? context.openLineage().newDatasetFacetsBuilder()
            : id.get().facets(context.openLineage());
    if (state != null) {
      DatasetFacets.lifecycle(context.openLineage(), facets, state);
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

  /**
   * {@code <catalog>.<ns>.<table>} ({@code testcat.ns.t}), the relation's name as Spark prints it;
   * {@code <db>.<table>} for a session-catalog table (Delta Lake's {@code DeltaCatalog}), as for V1
   * writes; empty for a table without catalog or identifier.
   */
  Optional<String> jobNameSuffix(V2WriteCommand write) {
    return target(write).flatMap(this::jobNameSuffix);
  }

  /**
   * The job-name suffix of a write to {@code table} (as {@link #jobNameSuffix(V2WriteCommand)}).
   */
  Optional<String> jobNameSuffix(DataSourceV2Relation table) {
    return identity(table).map(V2TableIdentity::qualifiedTable);
  }

  private Optional<V2TableIdentity> identity(DataSourceV2Relation table) {
    return V2TableIdentity.of(table, context.sparkSession().orElse(null));
  }

  private static Optional<DataSourceV2Relation> target(V2WriteCommand write) {
    return write.table() instanceof DataSourceV2Relation relation
        ? Optional.of(relation)
        : Optional.empty();
  }
}
