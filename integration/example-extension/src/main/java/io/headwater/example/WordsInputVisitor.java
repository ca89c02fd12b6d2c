package io.headwater.example;

import io.headwater.example.words.WordsRelation;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.LogicalRelation;

/**
 * A read of the words data source: {@code LogicalRelation(relation = WordsRelation)} is the input
 * {@code words://example} + the collection's name, with the relation's schema.
 */
public final class WordsInputVisitor
    extends QueryPlanVisitor<LogicalRelation, OpenLineage.InputDataset> {
  /** The namespace of every words collection. */
  public static final String NAMESPACE = "words://example";

  public WordsInputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    // the default checks the node type (LogicalRelation); narrow it to the words relation
    return super.isDefinedAt(node) && ((LogicalRelation) node).relation() instanceof WordsRelation;
  }

  @Override
  protected List<OpenLineage.InputDataset> visit(LogicalRelation node) {
    WordsRelation relation = (WordsRelation) node.relation();
    return List.of(context.datasetFactory().input(NAMESPACE, relation.name(), relation.schema()));
  }
}
