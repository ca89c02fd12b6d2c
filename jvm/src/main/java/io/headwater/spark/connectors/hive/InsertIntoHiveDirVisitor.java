package io.headwater.spark.connectors.hive;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.CatalogMetadata;
import io.headwater.spark.facets.DatasetFacets;
import io.headwater.spark.naming.FileDatasetNames;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import io.openlineage.client.utils.DatasetIdentifier;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.hive.execution.InsertIntoHiveDirCommand;

/**
 * A Hive-format write into a directory, {@code INSERT OVERWRITE [LOCAL] DIRECTORY '<dir>' USING
 * hive | STORED AS <format> VALUES ... | SELECT ...}. Registered only when Spark's Hive module is
 * present ({@link HiveSupport}).
 *
 * <pre>
 *   InsertIntoHiveDirCommand(isLocal, storage(locationUri = dir), query, overwrite, outputColumnNames)
 *     -> the directory as a file dataset ({@code file} + /abs/dir, hdfs://host:port + /dir, ...;
 *        partition directories trimmed); schema = the query's (col1, col2, ... for VALUES);
 *        lifecycle OVERWRITE when overwrite; the {@code catalog} facet of the Hive session catalog
 *        that writes it, as the OpenLineage Spark integration gives it
 *   a command without a location -> nothing
 * </pre>
 *
 * Job-name suffix (both styles): the last two segments of the directory ({@code /data/out/dir}
 * gives {@code out_dir}), as for every other directory write.
 */
@Internal
public final class InsertIntoHiveDirVisitor
    extends QueryPlanVisitor<InsertIntoHiveDirCommand, OpenLineage.OutputDataset> {

  public InsertIntoHiveDirVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(InsertIntoHiveDirCommand node) {
    Optional<DatasetIdentifier> id = directory(node);
    if (id.isEmpty()) {
      return List.of();
    }
    OpenLineage openLineage = context.openLineage();
    OpenLineage.DatasetFacetsBuilder facets = openLineage.newDatasetFacetsBuilder();
    if (node.overwrite()) {
      DatasetFacets.lifecycle(openLineage, facets, LifecycleStateChange.OVERWRITE);
    }
    context
        .sparkSession()
        .flatMap(CatalogMetadata::hiveSessionCatalog)
        .ifPresent(catalog -> facets.catalog(catalog.facet(openLineage)));
    return List.of(
        context
            .datasetFactory()
            .output(id.get().getNamespace(), id.get().getName(), node.query().schema(), facets));
  }

  @Override
  public Optional<String> jobNameSuffix(InsertIntoHiveDirCommand node) {
    return directory(node).map(id -> FileDatasetNames.jobNameSuffix(id.getName()));
  }

  private static Optional<DatasetIdentifier> directory(InsertIntoHiveDirCommand node) {
    if (node.storage().locationUri().isEmpty()) {
      return Optional.empty();
    }
    URI location = node.storage().locationUri().get();
    return Optional.of(FileDatasetNames.trimmed(FileDatasetNames.of(location)));
  }
}
