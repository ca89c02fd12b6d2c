package io.headwater.spark.testconnector;

import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.RelationStandIn;
import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LocalRelation;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * A connector written the way a third party writes one, to prove that adding a connector is one
 * package plus one service line: the rows a query lists inline ({@code VALUES}, a DataFrame of
 * local rows; Spark's {@code LocalRelation}) are the input dataset {@code memory} / {@code
 * inline_rows} ({@link InlineRowsInputVisitor}), and its {@link #standIn} hook says their columns
 * are computed by the query's text, not read from that dataset, so column lineage gives them no
 * sources. Built into its own jar (build.gradle's {@code testConnectorJar}), never on an agent's
 * class path; {@code InlineRowsConnectorTest} loads it.
 */
public final class InlineRowsConnector implements Connector {
  @Override
  public int order() {
    return 1000;
  }

  @Override
  public Collection<Class<?>> hookNodeTypes() {
    return List.of(LocalRelation.class);
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
      createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(new InlineRowsInputVisitor(context));
  }

  @Override
  public Optional<RelationStandIn> standIn(LogicalPlan node) {
    return node instanceof LocalRelation
        ? Optional.of(RelationStandIn.UNTRACEABLE)
        : Optional.empty();
  }
}
