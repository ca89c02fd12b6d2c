package io.headwater.spark.testing;

import io.headwater.spark.api.AbstractInputDatasetBuilder;
import io.headwater.spark.api.AbstractOutputDatasetBuilder;
import io.headwater.spark.api.CustomFacetBuilder;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.util.Collection;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.spark.rdd.HadoopRDD;
import org.apache.spark.rdd.RDD;
import org.apache.spark.scheduler.ActiveJob;
import org.apache.spark.scheduler.SparkListenerApplicationEnd;
import org.apache.spark.scheduler.SparkListenerApplicationStart;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.Stage;
import org.apache.spark.sql.execution.datasources.FileScanRDD;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart;

/**
 * A test extension in the test catalog's jar (registered in its META-INF/services), so the shared
 * pytest session has it: it reports what dataset and facet builders see of the scheduler, but only
 * for sessions with {@code spark.headwater.test.schedulerProbe=true} (set by one test around one
 * query), and nothing otherwise.
 *
 * <ul>
 *   <li>input {@code probe} + {@code <class>/<partitions>} for each {@code FileScanRDD} or {@code
 *       HadoopRDD} among a stage's unwrapped RDDs;
 *   <li>output {@code probe} + {@code <name>/<partitions>} for each RDD among them named {@code
 *       probe_...} ({@code rdd.setName}), so an RDD job that writes nothing, such as {@code
 *       sc.parallelize(...).collect()}, gets a run;
 *   <li>run facets {@code probe_activeJob} {@code {finalStage}}, {@code probe_stage} {@code
 *       {stage}} (class names), {@code probe_jobEnd} {@code {result}} and {@code
 *       probe_executionStart} {@code {queryExecution}} (the class of the run's {@code
 *       QueryExecution} in the context: {@code IncrementalExecution} for a streaming query's run);
 *   <li>dataset facet {@code probe_executionEnd} {@code {seen: true}} on every dataset, from the
 *       SQL execution's end.
 * </ul>
 *
 * <p>The application run's facets are probed only in a driver launched with {@code
 * spark.headwater.test.applicationProbe=true} (read from the driver's {@code SparkConf}): run facet
 * {@code probe_application} {@code {event}} (the simple class name of the application start or end
 * event) and, at the start, job facet {@code probe_applicationJob} {@code {appName}}.
 */
public final class SchedulerProbeFactory implements OpenLineageEventHandlerFactory {
  /** The session setting that turns the probe on. */
  public static final String ENABLED = "spark.headwater.test.schedulerProbe";

  /** The driver setting that turns the application-run probe on. */
  public static final String APPLICATION_ENABLED = "spark.headwater.test.applicationProbe";

  private static final URI PRODUCER =
      URI.create("https://github.com/headwater-lineage/headwater/tree/main/jvm/src/test");

  private static boolean enabled(OpenLineageContext context) {
    return context
        .sparkSession()
        .map(s -> "true".equals(s.conf().get(ENABLED, "false")))
        .orElse(false);
  }

  /**
   * The driver's SparkConf, read directly: at application start the context may not have a session
   * yet.
   */
  private static boolean applicationProbeEnabled() {
    org.apache.spark.SparkEnv env = org.apache.spark.SparkEnv.get();
    return env != null && env.conf().getBoolean(APPLICATION_ENABLED, false);
  }

  private static OpenLineage.RunFacet runFacet(String key, String value) {
    OpenLineage.DefaultRunFacet facet = new OpenLineage.DefaultRunFacet(PRODUCER);
    facet.getAdditionalProperties().put(key, value);
    return facet;
  }

  @Override
  public Collection<scala.PartialFunction<Object, List<OpenLineage.InputDataset>>>
      createInputDatasetBuilder(OpenLineageContext context) {
    return enabled(context)
        ? List.of(
            new SourceRddInputs(context, FileScanRDD.class),
            new SourceRddInputs(context, HadoopRDD.class))
        : List.of();
  }

  @Override
  public Collection<scala.PartialFunction<Object, List<OpenLineage.OutputDataset>>>
      createOutputDatasetBuilder(OpenLineageContext context) {
    return enabled(context) ? List.of(new NamedRddOutputs(context)) : List.of();
  }

  @Override
  public Collection<CustomFacetBuilder<?, ? extends OpenLineage.JobFacet>> createJobFacetBuilders(
      OpenLineageContext context) {
    return applicationProbeEnabled() ? List.of(new ApplicationJobFacet()) : List.of();
  }

  @Override
  public Collection<CustomFacetBuilder<?, ? extends OpenLineage.RunFacet>> createRunFacetBuilders(
      OpenLineageContext context) {
    List<CustomFacetBuilder<?, ? extends OpenLineage.RunFacet>> builders =
        new java.util.ArrayList<>();
    if (applicationProbeEnabled()) {
      builders.add(new ApplicationRunFacet());
    }
    if (enabled(context)) {
      builders.addAll(schedulerRunFacets(context));
    }
    return builders;
  }

  private static List<CustomFacetBuilder<?, ? extends OpenLineage.RunFacet>> schedulerRunFacets(
      OpenLineageContext context) {
    return List.of(
        new ExecutionStartFacet(context),
        new CustomFacetBuilder<ActiveJob, OpenLineage.RunFacet>() {
          @Override
          protected Class<?> eventType() {
            return ActiveJob.class;
          }

          @Override
          protected void build(
              ActiveJob job, BiConsumer<String, ? super OpenLineage.RunFacet> consumer) {
            consumer.accept(
                "probe_activeJob",
                runFacet("finalStage", job.finalStage().getClass().getSimpleName()));
          }
        },
        new CustomFacetBuilder<Stage, OpenLineage.RunFacet>() {
          @Override
          protected Class<?> eventType() {
            return Stage.class;
          }

          @Override
          protected void build(
              Stage stage, BiConsumer<String, ? super OpenLineage.RunFacet> consumer) {
            consumer.accept("probe_stage", runFacet("stage", stage.getClass().getSimpleName()));
          }
        },
        new JobEndFacet());
  }

  @Override
  public Collection<CustomFacetBuilder<?, ? extends OpenLineage.DatasetFacet>>
      createDatasetFacetBuilders(OpenLineageContext context) {
    return enabled(context) ? List.of(new ExecutionEndFacet()) : List.of();
  }

  /** Resolves its event type from its declaration (no override of eventType()). */
  static final class JobEndFacet
      extends CustomFacetBuilder<SparkListenerJobEnd, OpenLineage.RunFacet> {
    @Override
    protected void build(
        SparkListenerJobEnd event, BiConsumer<String, ? super OpenLineage.RunFacet> consumer) {
      consumer.accept("probe_jobEnd", runFacet("result", event.jobResult().toString()));
    }
  }

  static final class ExecutionEndFacet
      extends CustomFacetBuilder<SparkListenerSQLExecutionEnd, OpenLineage.DatasetFacet> {
    @Override
    protected void build(
        SparkListenerSQLExecutionEnd event,
        BiConsumer<String, ? super OpenLineage.DatasetFacet> consumer) {
      OpenLineage.DefaultDatasetFacet facet = new OpenLineage.DefaultDatasetFacet(PRODUCER, null);
      facet.getAdditionalProperties().put("seen", true);
      consumer.accept("probe_executionEnd", facet);
    }
  }

  /**
   * {@code probe_executionStart}: the class of the context's query execution, at a SQL execution's
   * start.
   */
  static final class ExecutionStartFacet
      extends CustomFacetBuilder<SparkListenerSQLExecutionStart, OpenLineage.RunFacet> {
    private final OpenLineageContext context;

    ExecutionStartFacet(OpenLineageContext context) {
      this.context = context;
    }

    @Override
    protected void build(
        SparkListenerSQLExecutionStart event,
        BiConsumer<String, ? super OpenLineage.RunFacet> consumer) {
      String execution =
          context.queryExecution().map(qe -> qe.getClass().getSimpleName()).orElse("none");
      consumer.accept("probe_executionStart", runFacet("queryExecution", execution));
    }
  }

  static final class ApplicationRunFacet extends CustomFacetBuilder<Object, OpenLineage.RunFacet> {
    @Override
    public boolean isDefinedAt(Object event) {
      return event instanceof SparkListenerApplicationStart
          || event instanceof SparkListenerApplicationEnd;
    }

    @Override
    protected void build(Object event, BiConsumer<String, ? super OpenLineage.RunFacet> consumer) {
      consumer.accept("probe_application", runFacet("event", event.getClass().getSimpleName()));
    }
  }

  static final class ApplicationJobFacet
      extends CustomFacetBuilder<SparkListenerApplicationStart, OpenLineage.JobFacet> {
    @Override
    protected void build(
        SparkListenerApplicationStart event,
        BiConsumer<String, ? super OpenLineage.JobFacet> consumer) {
      OpenLineage.DefaultJobFacet facet = new OpenLineage.DefaultJobFacet(PRODUCER, null);
      facet.getAdditionalProperties().put("appName", event.appName());
      consumer.accept("probe_applicationJob", facet);
    }
  }

  /**
   * An input per source RDD of one class (declared by {@code eventType()}, not by the generic
   * argument).
   */
  static final class SourceRddInputs extends AbstractInputDatasetBuilder<RDD<?>> {
    private final Class<?> rddClass;

    SourceRddInputs(OpenLineageContext context, Class<?> rddClass) {
      super(context);
      this.rddClass = rddClass;
    }

    @Override
    protected Class<?> eventType() {
      return RDD.class;
    }

    @Override
    public boolean isDefinedAt(Object event) {
      return rddClass.isInstance(event);
    }

    @Override
    protected List<OpenLineage.InputDataset> build(RDD<?> rdd) {
      return List.of(
          context
              .datasetFactory()
              .input("probe", rddClass.getSimpleName() + "/" + rdd.getNumPartitions(), null));
    }
  }

  /**
   * Outputs for RDDs the test named {@code probe_...}; Spark's own jobs (schema reads) stay out of
   * it.
   */
  static final class NamedRddOutputs extends AbstractOutputDatasetBuilder<RDD<?>> {
    NamedRddOutputs(OpenLineageContext context) {
      super(context);
    }

    @Override
    protected Class<?> eventType() {
      return RDD.class;
    }

    @Override
    public boolean isDefinedAt(Object event) {
      return event instanceof RDD<?> rdd && rdd.name() != null && rdd.name().startsWith("probe_");
    }

    @Override
    protected List<OpenLineage.OutputDataset> build(RDD<?> rdd) {
      return List.of(
          context
              .datasetFactory()
              .output("probe", rdd.name() + "/" + rdd.getNumPartitions(), null));
    }
  }
}
