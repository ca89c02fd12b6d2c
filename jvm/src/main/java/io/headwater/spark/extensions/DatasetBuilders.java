package io.headwater.spark.extensions;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.reading.ExecutionLineage;
import io.openlineage.client.OpenLineage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import scala.PartialFunction;

/**
 * Evaluates the factories' input and output dataset builders ({@code createInputDatasetBuilder},
 * {@code createOutputDatasetBuilder}) on the objects of one listener event ({@link
 * SchedulerObjects}): every builder defined at an object contributes, user builders first; datasets
 * are kept in order, one per namespace and name (the first one keeps its facets). A builder that
 * throws is reported once and skipped. Builders are created for each evaluation with the run's
 * context.
 */
@Internal
public final class DatasetBuilders {
  private final Extensions extensions;

  public DatasetBuilders(Extensions extensions) {
    this.extensions = extensions;
  }

  /**
   * The datasets the builders give for {@code objects}; no job-name suffix (that comes from plan
   * visitors).
   */
  public ExecutionLineage evaluate(OpenLineageContext context, List<?> objects) {
    List<PartialFunction<Object, List<OpenLineage.InputDataset>>> inputBuilders =
        extensions.create("createInputDatasetBuilder", f -> f.createInputDatasetBuilder(context));
    List<PartialFunction<Object, List<OpenLineage.OutputDataset>>> outputBuilders =
        extensions.create("createOutputDatasetBuilder", f -> f.createOutputDatasetBuilder(context));
    if (inputBuilders.isEmpty() && outputBuilders.isEmpty()) {
      return ExecutionLineage.EMPTY;
    }
    List<OpenLineage.InputDataset> inputs = new ArrayList<>();
    List<OpenLineage.OutputDataset> outputs = new ArrayList<>();
    for (Object object : objects) {
      inputs.addAll(extensions.<Object, OpenLineage.InputDataset>applyAll(inputBuilders, object));
      outputs.addAll(
          extensions.<Object, OpenLineage.OutputDataset>applyAll(outputBuilders, object));
    }
    return ExecutionLineage.EMPTY.merge(new ExecutionLineage(inputs, outputs, Optional.empty()));
  }
}
