package io.headwater.spark.connectors.files;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.naming.CatalogTables;
import io.headwater.spark.naming.FileDatasetNames;
import io.headwater.spark.tables.DeltaLog;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;
import org.apache.spark.sql.execution.datasources.LogicalRelation;

/**
 * Inputs of a file read: parquet, csv, json, orc, text and any other {@code FileFormat}.
 *
 * <pre>
 *   LogicalRelation(relation = HadoopFsRelation(location.rootPaths = [p1, p2, ...]))
 *     -> one input per root path, partition directories trimmed, deduplicated;
 *        schema = the relation's schema (data and partition columns)
 *   LogicalRelation(HadoopFsRelation, isStreaming = true)   a micro-batch of a file stream source
 *     -> one input: the source directory (see {@link FileRelationRoots}), not the batch's files
 *   LogicalRelation(HadoopFsRelation, catalogTable = t)
 *     -> the table t: its location with a symlink db.table (see {@link CatalogTables})
 *   LogicalRelation(HadoopFsRelation(location = a Delta file index), ...)
 *     -> the same, with the {@code version} facet: the Delta table version read (time travel included)
 *   LogicalRelation(HadoopFsRelation(rootPaths = [t/_delta_log/00..01.json, ...]))
 *     -> nothing: Delta Lake reading its transaction log ({@link DeltaLog#isInDeltaLog})
 * </pre>
 *
 * Does not match a {@code LogicalRelation} over any other relation (JDBC, custom V1 sources).
 */
@Internal
public final class HadoopFsRelationInputVisitor
    extends QueryPlanVisitor<LogicalRelation, OpenLineage.InputDataset> {

  public HadoopFsRelationInputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof LogicalRelation relation
        && relation.relation() instanceof HadoopFsRelation;
  }

  @Override
  protected List<OpenLineage.InputDataset> visit(LogicalRelation node) {
    HadoopFsRelation relation = (HadoopFsRelation) node.relation();
    Optional<String> version = DeltaLog.snapshotVersion(relation.location());
    if (node.catalogTable().isDefined()) {
      return TableDatasets.input(
          context,
          TableDatasets.catalog(context).identify(node.catalogTable().get()),
          relation.schema(),
          version);
    }
    Set<DatasetIdentifier> identifiers = new LinkedHashSet<>();
    for (Path root : FileRelationRoots.of(context, node, relation)) {
      if (DeltaLog.isInDeltaLog(root)) {
        continue; // Delta reading its own transaction log: bookkeeping, not lineage
      }
      identifiers.add(FileDatasetNames.trimmed(FileDatasetNames.of(root.toUri())));
    }
    List<OpenLineage.InputDataset> inputs = new ArrayList<>(identifiers.size());
    for (DatasetIdentifier id : identifiers) {
      inputs.addAll(TableDatasets.input(context, id, relation.schema(), version));
    }
    return inputs;
  }
}
