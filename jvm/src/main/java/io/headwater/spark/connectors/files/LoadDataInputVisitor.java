package io.headwater.spark.connectors.files;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.naming.FileDatasetNames;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.net.URI;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.execution.command.LoadDataCommand;

/**
 * The input of {@code LOAD DATA INPATH 'path'}: the loaded path as a file dataset (no schema: the
 * files are not read).
 *
 * <pre>
 *   LoadDataCommand(path) -> input named by path (LOCAL paths in the file namespace)
 * </pre>
 */
@Internal
public final class LoadDataInputVisitor
    extends QueryPlanVisitor<LoadDataCommand, OpenLineage.InputDataset> {
  public LoadDataInputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  protected List<OpenLineage.InputDataset> visit(LoadDataCommand node) {
    URI uri = new Path(node.path()).toUri();
    if (node.isLocal() && uri.getScheme() == null) {
      uri = new java.io.File(node.path()).getAbsoluteFile().toURI();
    }
    DatasetIdentifier id = FileDatasetNames.of(uri);
    return List.of(context.datasetFactory().input(id.getNamespace(), id.getName(), null));
  }
}
