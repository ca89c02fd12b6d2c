package io.headwater.spark.plan;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.LifecycleFacets;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.execution.datasources.InsertIntoHadoopFsRelationCommand;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The output of a file write ({@code df.write.parquet/csv/json/orc/text/save(path)}).
 *
 * <pre>
 *   InsertIntoHadoopFsRelationCommand(outputPath, mode, query, outputColumnNames)
 *     -> one output named by outputPath; schema = the query's schema under the written column names;
 *        lifecycleStateChange OVERWRITE when mode = Overwrite
 * </pre>
 *
 * Job-name suffix: the last two segments of the output path ({@code /tmp/out} gives {@code tmp_out}).
 */
public final class InsertIntoHadoopFsRelationOutputVisitor
    extends QueryPlanVisitor<InsertIntoHadoopFsRelationCommand, OpenLineage.OutputDataset> {

  public InsertIntoHadoopFsRelationOutputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(InsertIntoHadoopFsRelationCommand node) {
    DatasetIdentifier id = FileDatasetNames.of(node.outputPath().toUri());
    OpenLineage openLineage = context.openLineage();
    OpenLineage.DatasetFacetsBuilder facets = openLineage.newDatasetFacetsBuilder();
    if (node.mode() == SaveMode.Overwrite) {
      LifecycleFacets.with(openLineage, facets, LifecycleStateChange.OVERWRITE);
    }
    return List.of(context.datasetFactory().output(id.getNamespace(), id.getName(), writtenSchema(node), facets));
  }

  @Override
  public Optional<String> jobNameSuffix(InsertIntoHadoopFsRelationCommand node) {
    return Optional.of(FileDatasetNames.jobNameSuffix(node.outputPath().toUri().getPath()));
  }

  /** The query's schema with the column names the command writes (they differ after an INSERT by position). */
  private static StructType writtenSchema(InsertIntoHadoopFsRelationCommand node) {
    StructField[] fields = node.query().schema().fields();
    List<String> names = CollectionConverters.asJava(node.outputColumnNames());
    if (names.size() != fields.length) {
      return node.query().schema();
    }
    StructField[] renamed = new StructField[fields.length];
    for (int i = 0; i < fields.length; i++) {
      StructField f = fields[i];
      renamed[i] = new StructField(names.get(i), f.dataType(), f.nullable(), f.metadata());
    }
    return new StructType(renamed);
  }
}
