package io.headwater.spark.plan;

import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one execution's plan reads and writes.
 *
 * @param inputs input datasets, one per namespace and name, in plan order
 * @param outputs output datasets of the plan root
 * @param jobNameSuffix the first suffix an output visitor gave, e.g. {@code tmp_out}
 */
public record ExecutionLineage(
    List<OpenLineage.InputDataset> inputs, List<OpenLineage.OutputDataset> outputs, Optional<String> jobNameSuffix) {
  public ExecutionLineage {
    inputs = List.copyOf(inputs);
    outputs = List.copyOf(outputs);
    Objects.requireNonNull(jobNameSuffix, "jobNameSuffix");
  }

  /** True when the execution touches no dataset: such executions emit no events. */
  public boolean isEmpty() {
    return inputs.isEmpty() && outputs.isEmpty();
  }
}
