package io.headwater.spark.reading;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.facets.ColumnLineageSkip;
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
 * @param columnLineageSkips outputs whose {@code columnLineage} facet a limit stopped
 */
@Internal
public record ExecutionLineage(
    List<OpenLineage.InputDataset> inputs,
    List<OpenLineage.OutputDataset> outputs,
    Optional<String> jobNameSuffix,
    List<ColumnLineageSkip> columnLineageSkips) {
  public ExecutionLineage {
    inputs = List.copyOf(inputs);
    outputs = List.copyOf(outputs);
    Objects.requireNonNull(jobNameSuffix, "jobNameSuffix");
    columnLineageSkips = List.copyOf(columnLineageSkips);
  }

  /** Lineage without skipped column-lineage facets. */
  public ExecutionLineage(
      List<OpenLineage.InputDataset> inputs,
      List<OpenLineage.OutputDataset> outputs,
      Optional<String> jobNameSuffix) {
    this(inputs, outputs, jobNameSuffix, List.of());
  }

  /** No datasets, no suffix. */
  public static final ExecutionLineage EMPTY =
      new ExecutionLineage(List.of(), List.of(), Optional.empty());

  /**
   * This lineage with {@code other}'s added: datasets it does not have yet (by namespace and name;
   * the first one seen keeps its facets), and its suffix when this has none. Used to fold the
   * executions Spark nests under one operation (a CTAS and the insert it runs) into one run.
   */
  public ExecutionLineage merge(ExecutionLineage other) {
    List<ColumnLineageSkip> skips = new java.util.ArrayList<>(columnLineageSkips);
    other.columnLineageSkips.stream().filter(skip -> !skips.contains(skip)).forEach(skips::add);
    return new ExecutionLineage(
        union(inputs, other.inputs),
        union(outputs, other.outputs),
        jobNameSuffix.or(other::jobNameSuffix),
        skips);
  }

  private static <D extends OpenLineage.Dataset> List<D> union(List<D> first, List<D> second) {
    java.util.Map<String, D> byName = new java.util.LinkedHashMap<>();
    for (D dataset : first) {
      byName.putIfAbsent(key(dataset), dataset);
    }
    for (D dataset : second) {
      byName.putIfAbsent(key(dataset), dataset);
    }
    return List.copyOf(byName.values());
  }

  /** A dataset's identity as one string: its namespace and name (datasets are unique by it). */
  public static String key(OpenLineage.Dataset dataset) {
    return key(dataset.getNamespace(), dataset.getName());
  }

  /**
   * The identity {@link #key(OpenLineage.Dataset)} gives a dataset {@code namespace}/{@code name}.
   */
  public static String key(String namespace, String name) {
    return namespace + "\u0000" + name;
  }

  /**
   * This lineage with {@code outputs} in place of its outputs (e.g. with facets known only at the
   * end).
   */
  public ExecutionLineage withOutputs(List<OpenLineage.OutputDataset> outputs) {
    return new ExecutionLineage(inputs, outputs, jobNameSuffix, columnLineageSkips);
  }

  /** True when the execution touches no dataset: such executions emit no events. */
  public boolean isEmpty() {
    return inputs.isEmpty() && outputs.isEmpty();
  }
}
