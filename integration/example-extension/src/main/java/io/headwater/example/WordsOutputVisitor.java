package io.headwater.example;

import io.headwater.example.words.WordsSource;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.SaveIntoDataSourceCommand;

/**
 * A write into the words data source: {@code SaveIntoDataSourceCommand(dataSource = WordsSource)}
 * is the output {@code words://example} + the {@code name} option, with the written query's schema.
 * Job-name suffix: {@code words.<name>} (Headwater turns the dot into {@code _}).
 */
public final class WordsOutputVisitor
    extends QueryPlanVisitor<SaveIntoDataSourceCommand, OpenLineage.OutputDataset> {
  public WordsOutputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return super.isDefinedAt(node)
        && ((SaveIntoDataSourceCommand) node).dataSource() instanceof WordsSource;
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(SaveIntoDataSourceCommand node) {
    return List.of(
        context
            .datasetFactory()
            .output(WordsInputVisitor.NAMESPACE, name(node), node.query().schema()));
  }

  @Override
  public Optional<String> jobNameSuffix(SaveIntoDataSourceCommand node) {
    return Optional.of("words." + name(node));
  }

  private static String name(SaveIntoDataSourceCommand node) {
    return node.options().apply("name");
  }
}
