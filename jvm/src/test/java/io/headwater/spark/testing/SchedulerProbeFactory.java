package io.headwater.spark.testing;

import io.headwater.spark.api.AbstractInputDatasetBuilder;
import io.headwater.spark.api.CustomFacetBuilder;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.util.Collection;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.spark.scheduler.ActiveJob;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.Stage;
import org.apache.spark.sql.execution.datasources.FileScanRDD;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd;

/**
 * A test extension in the test catalog's jar (registered in its META-INF/services), so the shared pytest session has
 * it: it reports what dataset and facet builders see of the scheduler, but only for sessions with
 * {@code spark.headwater.test.schedulerProbe=true} (set by one test around one query), and nothing otherwise.
 *
 * <ul>
 *   <li>input {@code probe} + {@code FileScanRDD/<partitions>} for each {@code FileScanRDD} among a stage's unwrapped RDDs;
 *   <li>run facets {@code probe_activeJob} {@code {finalStage}}, {@code probe_stage} {@code {stage}} (class names) and
 *       {@code probe_jobEnd} {@code {result}};
 *   <li>dataset facet {@code probe_executionEnd} {@code {seen: true}} on every dataset, from the SQL execution's end.
 * </ul>
 */
public final class SchedulerProbeFactory implements OpenLineageEventHandlerFactory {
  /** The session setting that turns the probe on. */
  public static final String ENABLED = "spark.headwater.test.schedulerProbe";

  private static final URI PRODUCER = URI.create("https://github.com/headwater-lineage/headwater/tree/main/jvm/src/test");

  private static boolean enabled(OpenLineageContext context) {
    return context.sparkSession().map(s -> "true".equals(s.conf().get(ENABLED, "false"))).orElse(false);
  }

  private static OpenLineage.RunFacet runFacet(String key, String value) {
    OpenLineage.DefaultRunFacet facet = new OpenLineage.DefaultRunFacet(PRODUCER);
    facet.getAdditionalProperties().put(key, value);
    return facet;
  }

  @Override
  public Collection<scala.PartialFunction<Object, List<OpenLineage.InputDataset>>> createInputDatasetBuilder(OpenLineageContext context) {
    return enabled(context) ? List.of(new FileScanInputs(context)) : List.of();
  }

  @Override
  public Collection<CustomFacetBuilder<?, ? extends OpenLineage.RunFacet>> createRunFacetBuilders(OpenLineageContext context) {
    if (!enabled(context)) {
      return List.of();
    }
    return List.of(
        new CustomFacetBuilder<ActiveJob, OpenLineage.RunFacet>() {
          @Override
          protected Class<?> eventType() {
            return ActiveJob.class;
          }

          @Override
          protected void build(ActiveJob job, BiConsumer<String, ? super OpenLineage.RunFacet> consumer) {
            consumer.accept("probe_activeJob", runFacet("finalStage", job.finalStage().getClass().getSimpleName()));
          }
        },
        new CustomFacetBuilder<Stage, OpenLineage.RunFacet>() {
          @Override
          protected Class<?> eventType() {
            return Stage.class;
          }

          @Override
          protected void build(Stage stage, BiConsumer<String, ? super OpenLineage.RunFacet> consumer) {
            consumer.accept("probe_stage", runFacet("stage", stage.getClass().getSimpleName()));
          }
        },
        new JobEndFacet());
  }

  @Override
  public Collection<CustomFacetBuilder<?, ? extends OpenLineage.DatasetFacet>> createDatasetFacetBuilders(OpenLineageContext context) {
    return enabled(context) ? List.of(new ExecutionEndFacet()) : List.of();
  }

  /** Resolves its event type from its declaration (no override of eventType()). */
  static final class JobEndFacet extends CustomFacetBuilder<SparkListenerJobEnd, OpenLineage.RunFacet> {
    @Override
    protected void build(SparkListenerJobEnd event, BiConsumer<String, ? super OpenLineage.RunFacet> consumer) {
      consumer.accept("probe_jobEnd", runFacet("result", event.jobResult().toString()));
    }
  }

  static final class ExecutionEndFacet extends CustomFacetBuilder<SparkListenerSQLExecutionEnd, OpenLineage.DatasetFacet> {
    @Override
    protected void build(SparkListenerSQLExecutionEnd event, BiConsumer<String, ? super OpenLineage.DatasetFacet> consumer) {
      OpenLineage.DefaultDatasetFacet facet = new OpenLineage.DefaultDatasetFacet(PRODUCER, null);
      facet.getAdditionalProperties().put("seen", true);
      consumer.accept("probe_executionEnd", facet);
    }
  }

  static final class FileScanInputs extends AbstractInputDatasetBuilder<FileScanRDD> {
    FileScanInputs(OpenLineageContext context) {
      super(context);
    }

    @Override
    protected List<OpenLineage.InputDataset> build(FileScanRDD rdd) {
      return List.of(context.datasetFactory().input("probe", "FileScanRDD/" + rdd.getNumPartitions(), null));
    }
  }
}
