package io.headwater.example;

import io.headwater.spark.api.CustomFacetBuilder;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * The example extension (docs/extending.md): lineage for the "words" connector and a few facets.
 *
 * <ul>
 *   <li>{@link WordsInputVisitor} / {@link WordsOutputVisitor}: reads and writes of the words data
 *       source are datasets {@code words://example} + the collection's name; a write names the
 *       job-name suffix {@code words_<name>};
 *   <li>{@link TeamRunFacetBuilder}: run facet {@code example_team} from the configuration, on
 *       every SQL run;
 *   <li>{@link SchedulingJobFacetBuilder}: job facet {@code example_scheduling} from each Spark
 *       job's properties;
 *   <li>{@link StageInputFacetBuilder}: input-dataset facet {@code example_stageInput} from each
 *       completed stage's metrics.
 * </ul>
 */
public final class ExampleEventHandlerFactory implements OpenLineageEventHandlerFactory {
  /** The {@code _producer} of the example's facets. */
  public static final java.net.URI PRODUCER =
      java.net.URI.create(
          "https://github.com/headwater-lineage/headwater/tree/main/integration/example-extension");

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
      createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(new WordsInputVisitor(context));
  }

  @Override
  public Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of(new WordsOutputVisitor(context));
  }

  @Override
  public Collection<CustomFacetBuilder<?, ? extends OpenLineage.RunFacet>> createRunFacetBuilders(
      OpenLineageContext context) {
    return List.of(new TeamRunFacetBuilder(context));
  }

  @Override
  public Collection<CustomFacetBuilder<?, ? extends OpenLineage.JobFacet>> createJobFacetBuilders(
      OpenLineageContext context) {
    return List.of(new SchedulingJobFacetBuilder());
  }

  @Override
  public Collection<CustomFacetBuilder<?, ? extends OpenLineage.InputDatasetFacet>>
      createInputDatasetFacetBuilders(OpenLineageContext context) {
    return List.of(new StageInputFacetBuilder());
  }
}
