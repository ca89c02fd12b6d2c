package io.headwater.spark.api;

import io.openlineage.client.OpenLineage;
import java.util.Collection;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.PartialFunction;

/**
 * The entry point of an extension, found through {@link java.util.ServiceLoader}: list the
 * implementation (one class name per line; several per file and several jars are fine) in {@code
 * META-INF/services/io.headwater.spark.api.OpenLineageEventHandlerFactory} of a jar on the driver's
 * class path ({@code --jars}, {@code spark.jars}). Headwater's own visitors are registered the same
 * way. User factories run before the built-ins, in class-path order.
 *
 * <p>Each method is called once per evaluation with the run's {@link OpenLineageContext} and
 * returns fresh visitors or builders; all default to none, so a factory overrides only what it
 * supplies. A factory, visitor or builder that throws (in its constructor, {@code isDefinedAt},
 * {@code apply} or {@code build}) is logged once by class name and skipped; the event is emitted
 * with everything else.
 *
 * <p>Where each kind runs (see {@code docs/extending.md}):
 *
 * <ul>
 *   <li>plan visitors: on the optimized plan of each SQL execution, inputs on every node, outputs
 *       on the root;
 *   <li>dataset builders and facet builders: on the objects of each listener event of the run, in
 *       this order — {@code SparkListenerSQLExecutionStart}; {@code SparkListenerJobStart}, then
 *       its {@code ActiveJob}; for each completed stage its {@code StageInfo}, its {@code Stage}
 *       and the stage's RDDs (unwrapped, see {@link AbstractInputDatasetBuilder}); {@code
 *       SparkListenerJobEnd}, then the job's final {@code Stage} and its RDDs; {@code
 *       SparkListenerSQLExecutionEnd}. SQL runs, streaming query runs (every micro-batch's
 *       execution events, jobs and stages) and RDD-job runs (the job's events, stages and RDDs;
 *       Headwater's own RDD lineage is a pair of built-in dataset builders at the {@code
 *       ActiveJob}) all go through them;
 *   <li>run and job facet builders also on {@code SparkListenerApplicationStart} / {@code
 *       SparkListenerApplicationEnd}, for the application run's START / COMPLETE.
 * </ul>
 */
public interface OpenLineageEventHandlerFactory {
  /**
   * Visitors applied to every node of an execution's optimized plan, producing the run's inputs.
   */
  default Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
      createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of();
  }

  /**
   * Visitors applied to the root of an execution's optimized plan, producing the run's outputs.
   * Those that are {@link JobNameSuffixProvider}s may name the job-name suffix.
   */
  default Collection<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>>
      createOutputDatasetQueryPlanVisitors(OpenLineageContext context) {
    return List.of();
  }

  /**
   * Builders of input datasets from listener events and scheduler objects (any {@code Object};
   * usually subclasses of {@link AbstractInputDatasetBuilder}). Their datasets join the run's
   * inputs, one per namespace and name.
   */
  default Collection<PartialFunction<Object, List<OpenLineage.InputDataset>>>
      createInputDatasetBuilder(OpenLineageContext context) {
    return List.of();
  }

  /**
   * As {@link #createInputDatasetBuilder}, for the run's outputs ({@link
   * AbstractOutputDatasetBuilder}).
   */
  default Collection<PartialFunction<Object, List<OpenLineage.OutputDataset>>>
      createOutputDatasetBuilder(OpenLineageContext context) {
    return List.of();
  }

  /**
   * Builders of facets attached to the {@code inputFacets} of every input dataset of the run's
   * events.
   */
  default Collection<CustomFacetBuilder<?, ? extends OpenLineage.InputDatasetFacet>>
      createInputDatasetFacetBuilders(OpenLineageContext context) {
    return List.of();
  }

  /**
   * Builders of facets attached to the {@code outputFacets} of every output dataset of the run's
   * events.
   */
  default Collection<CustomFacetBuilder<?, ? extends OpenLineage.OutputDatasetFacet>>
      createOutputDatasetFacetBuilders(OpenLineageContext context) {
    return List.of();
  }

  /**
   * Builders of facets attached to the {@code facets} of every dataset (inputs and outputs) of the
   * run's events; they replace a facet of the same name the dataset already has.
   */
  default Collection<CustomFacetBuilder<?, ? extends OpenLineage.DatasetFacet>>
      createDatasetFacetBuilders(OpenLineageContext context) {
    return List.of();
  }

  /** Builders of run facets. Headwater's own run facets ({@code parent}, ...) keep their names. */
  default Collection<CustomFacetBuilder<?, ? extends OpenLineage.RunFacet>> createRunFacetBuilders(
      OpenLineageContext context) {
    return List.of();
  }

  /**
   * Builders of job facets. Headwater's own job facets ({@code jobType}, {@code sql}) keep their
   * names.
   */
  default Collection<CustomFacetBuilder<?, ? extends OpenLineage.JobFacet>> createJobFacetBuilders(
      OpenLineageContext context) {
    return List.of();
  }
}
