package io.headwater.spark.reading;

import io.headwater.spark.annotation.Internal;
import io.openlineage.client.OpenLineage;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * Plan visitors for a plan in which some leaves stand for datasets the caller already knows (the
 * reads of other datasets of a Spark Declarative Pipeline in a flow's query): such a leaf is that
 * dataset, and the visitors are not asked about it; every other node goes to the visitors. Since a
 * known leaf gives exactly one dataset, column lineage starts from its fields like from any
 * relation's.
 */
@Internal
public final class KnownInputs implements PlanVisitors {
  private final PlanVisitors visitors;
  private final IdentityHashMap<LogicalPlan, OpenLineage.InputDataset> known;

  /**
   * @param known the leaves of the plan, by identity, with the dataset each stands for
   */
  public KnownInputs(PlanVisitors visitors, Map<LogicalPlan, OpenLineage.InputDataset> known) {
    this.visitors = visitors;
    IdentityHashMap<LogicalPlan, OpenLineage.InputDataset> leaves = new IdentityHashMap<>();
    known.forEach(leaves::put);
    this.known = leaves;
  }

  @Override
  public List<OpenLineage.InputDataset> inputsAt(LogicalPlan node) {
    OpenLineage.InputDataset dataset = known.get(node);
    return dataset != null ? List.of(dataset) : visitors.inputsAt(node);
  }

  @Override
  public List<OpenLineage.OutputDataset> outputsAt(LogicalPlan root) {
    return visitors.outputsAt(root);
  }

  @Override
  public Optional<String> jobNameSuffix(LogicalPlan root) {
    return visitors.jobNameSuffix(root);
  }

  @Override
  public void reportFailure(Class<?> owner, String stage, Throwable failure) {
    visitors.reportFailure(owner, stage, failure);
  }
}
