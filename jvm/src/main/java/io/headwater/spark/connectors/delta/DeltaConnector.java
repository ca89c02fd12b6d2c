package io.headwater.spark.connectors.delta;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.RowLevelWrite;
import io.openlineage.client.OpenLineage;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.catalyst.plans.logical.Command;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * Delta Lake: {@code save()} to Delta, streaming writes to Delta tables, its dynamic partition
 * overwrite, its MERGE INTO / UPDATE / DELETE commands where Delta's classes are present ({@link
 * DeltaSupport#commandClass}), their hidden source and target plans, and their written rows, which
 * mix the table's own rows with the changed ones. Registered in {@code
 * META-INF/services/io.headwater.spark.api.Connector}; order 700 (see {@link Connector}).
 */
@Internal
public final class DeltaConnector implements Connector {
  @Override
  public int order() {
    return 700;
  }

  /** Its hooks answer only commands (Delta's MERGE INTO, UPDATE and DELETE). */
  @Override
  public Collection<Class<?>> hookNodeTypes() {
    return List.of(Command.class);
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
    List<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>> visitors =
        new ArrayList<>(
            List.of(
                new DeltaSaveOutputVisitor(context),
                new DeltaStreamSinkOutputVisitor(context),
                new DeltaDynamicOverwriteVisitor(context)));
    for (String command :
        List.of(DeltaSupport.MERGE_INTO, DeltaSupport.UPDATE, DeltaSupport.DELETE)) {
      if (DeltaSupport.commandClass(command).isPresent()) {
        visitors.add(new DeltaRowLevelVisitor(context, command));
      }
    }
    return visitors;
  }

  @Override
  public List<LogicalPlan> hiddenQueries(LogicalPlan node) {
    return DeltaSupport.hiddenQueries(node);
  }

  @Override
  public Optional<String> tableVersion(String namespace, String name, Configuration hadoopConf) {
    return DeltaTableVersions.of(namespace, name, hadoopConf);
  }

  @Override
  public boolean rewritesTableRows(LogicalPlan root) {
    return DeltaSupport.isRowLevelCommand(root);
  }

  @Override
  public Optional<RowLevelWrite> rowLevelWrite(LogicalPlan root) {
    return DeltaRowLevelWrites.of(root);
  }
}
