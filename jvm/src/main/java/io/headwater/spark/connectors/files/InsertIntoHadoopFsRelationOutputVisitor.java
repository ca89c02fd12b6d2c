package io.headwater.spark.connectors.files;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.naming.FileDatasetNames;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.execution.datasources.InsertIntoHadoopFsRelationCommand;

/**
 * The output of a file write ({@code df.write.parquet/csv/json/orc/text/save(path)}).
 *
 * <pre>
 *   InsertIntoHadoopFsRelationCommand(outputPath, mode, query, outputColumnNames)
 *     -> one output named by outputPath; schema = the query's schema under the written column names;
 *        lifecycleStateChange OVERWRITE when mode = Overwrite
 *   InsertIntoHadoopFsRelationCommand(catalogTable = t, ...)   INSERT INTO t, insertInto, the insert under a CTAS
 *     -> the table t (its location with a symlink db.table)
 * </pre>
 *
 * Job-name suffix: the last two segments of the output path ({@code /tmp/out} gives {@code
 * tmp_out}); {@code db_table} for a catalog table.
 */
@Internal
public final class InsertIntoHadoopFsRelationOutputVisitor
    extends QueryPlanVisitor<InsertIntoHadoopFsRelationCommand, OpenLineage.OutputDataset> {

  public InsertIntoHadoopFsRelationOutputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(InsertIntoHadoopFsRelationCommand node) {
    DatasetIdentifier id =
        node.catalogTable().isDefined()
            ? TableDatasets.catalog(context).identify(node.catalogTable().get())
            : FileDatasetNames.trimmed(FileDatasetNames.of(node.outputPath().toUri()));
    return TableDatasets.output(
        context,
        id,
        TableDatasets.writtenSchema(node.query().schema(), node.outputColumnNames()),
        node.mode() == SaveMode.Overwrite ? LifecycleStateChange.OVERWRITE : null);
  }

  @Override
  public Optional<String> jobNameSuffix(InsertIntoHadoopFsRelationCommand node) {
    if (node.catalogTable().isDefined()) {
      return Optional.of(
          TableDatasets.catalog(context).jobNameSuffix(node.catalogTable().get().identifier()));
    }
    return Optional.of(FileDatasetNames.jobNameSuffix(node.outputPath().toUri().getPath()));
  }
}
