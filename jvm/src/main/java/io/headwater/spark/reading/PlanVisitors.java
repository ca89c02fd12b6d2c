package io.headwater.spark.reading;

import io.headwater.spark.annotation.Internal;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The plan visitors of one reading, as the walk calls them: supplied by the extension runtime (the
 * factories' visitors, each call isolated so that a visitor that throws is reported once and
 * skipped). Implementations never throw.
 */
@Internal
public interface PlanVisitors {
  /** The input datasets the input visitors give for {@code node}, in visitor order. */
  List<OpenLineage.InputDataset> inputsAt(LogicalPlan node);

  /** The output datasets the output visitors give for the plan's {@code root}. */
  List<OpenLineage.OutputDataset> outputsAt(LogicalPlan root);

  /** The first non-blank job-name suffix an output visitor gives for {@code root}, dots as '_'. */
  Optional<String> jobNameSuffix(LogicalPlan root);

  /**
   * Reports a failure of the reading's own analysis ({@code owner}, e.g. column lineage) once, as
   * extension failures are reported.
   */
  void reportFailure(Class<?> owner, String stage, Throwable failure);
}
