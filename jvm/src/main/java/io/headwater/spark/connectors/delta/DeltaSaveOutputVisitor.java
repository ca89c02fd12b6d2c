package io.headwater.spark.connectors.delta;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.naming.FileDatasetNames;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.util.CaseInsensitiveMap;
import org.apache.spark.sql.execution.datasources.SaveIntoDataSourceCommand;

/**
 * The output of a write to a Delta Lake path table, {@code
 * df.write.format("delta").mode(m).save(path)}.
 *
 * <pre>
 *   SaveIntoDataSourceCommand(query, dataSource = DeltaDataSource, options{path}, mode)
 *     -> one output: the path ({@link FileDatasetNames}; a relative path is qualified against the file system's
 *        working directory, as Delta does); schema = the query's;
 *        lifecycleStateChange CREATE for mode ErrorIfExists (the write fails unless it creates the table),
 *        OVERWRITE for mode Overwrite, none for Append and Ignore
 * </pre>
 *
 * Does not match a {@code SaveIntoDataSourceCommand} of another data source or without a {@code
 * path} option. Job-name suffix: the last two segments of the path ({@code /data/events} gives
 * {@code data_events}).
 */
@Internal
public final class DeltaSaveOutputVisitor
    extends QueryPlanVisitor<SaveIntoDataSourceCommand, OpenLineage.OutputDataset> {

  public DeltaSaveOutputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof SaveIntoDataSourceCommand command
        && DeltaSupport.isDeltaDataSource(command.dataSource())
        && path(command).isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(SaveIntoDataSourceCommand node) {
    DatasetIdentifier id = identity(node);
    LifecycleStateChange state =
        node.mode() == SaveMode.Overwrite
            ? LifecycleStateChange.OVERWRITE
            : node.mode() == SaveMode.ErrorIfExists ? LifecycleStateChange.CREATE : null;
    return TableDatasets.output(context, id, node.query().schema(), state);
  }

  @Override
  public Optional<String> jobNameSuffix(SaveIntoDataSourceCommand node) {
    return Optional.of(FileDatasetNames.jobNameSuffix(identity(node).getName()));
  }

  private DatasetIdentifier identity(SaveIntoDataSourceCommand node) {
    return DeltaSupport.pathIdentity(context, path(node).orElseThrow());
  }

  private static Optional<String> path(SaveIntoDataSourceCommand node) {
    return ScalaCollections.asJava(new CaseInsensitiveMap<>(node.options()).get("path"))
        .map(String::trim)
        .filter(p -> !p.isEmpty());
  }
}
