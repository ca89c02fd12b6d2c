package io.headwater.spark.connectors.files;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageContext;
import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;
import scala.PartialFunction;

/**
 * The file connector: reads of file relations ({@link HadoopFsRelationInputVisitor}, {@link
 * LoadDataInputVisitor}), writes of files ({@link InsertIntoHadoopFsRelationOutputVisitor}), and
 * the directory of a file stream source's micro-batch ({@link FileRelationRoots#ofStreamBatch}).
 * Registered in {@code META-INF/services/io.headwater.spark.api.Connector}; order 100 (see {@link
 * Connector}).
 */
@Internal
public final class FilesConnector implements Connector {
  @Override
  public int order() {
    return 100;
  }

  /** No node hooks: nodes are never asked of this connector's hooks. */
  @Override
  public Collection<Class<?>> hookNodeTypes() {
    return List.of();
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
      createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(new HadoopFsRelationInputVisitor(context), new LoadDataInputVisitor(context));
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(new InsertIntoHadoopFsRelationOutputVisitor(context));
  }

  @Override
  public Optional<List<Path>> streamBatchRoots(
      HadoopFsRelation relation, Configuration hadoopConf) {
    return Optional.of(FileRelationRoots.ofStreamBatch(relation, Optional.of(hadoopConf)));
  }
}
