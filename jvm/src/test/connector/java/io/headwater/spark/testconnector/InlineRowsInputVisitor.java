package io.headwater.spark.testconnector;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LocalRelation;

/** Rows listed inline in a query: the input dataset {@code memory} / {@code inline_rows}. */
final class InlineRowsInputVisitor
    extends QueryPlanVisitor<LocalRelation, OpenLineage.InputDataset> {
  InlineRowsInputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  protected List<OpenLineage.InputDataset> visit(LocalRelation node) {
    return List.of(context.datasetFactory().input("memory", "inline_rows", node.schema()));
  }
}
