package io.headwater.spark.api;

import io.openlineage.client.OpenLineage;

/**
 * Builds input datasets from an object of a run's listener events (a SQL run, a streaming query's
 * run, an RDD job's run); return it from {@link
 * OpenLineageEventHandlerFactory#createInputDatasetBuilder}. {@code T} is what it reads:
 *
 * <ul>
 *   <li>{@code SparkListenerSQLExecutionStart} / {@code SparkListenerSQLExecutionEnd}: the SQL
 *       execution's events;
 *   <li>{@code SparkListenerJobStart} and the job's {@code ActiveJob} (its final stage and RDD
 *       graph), when the scheduler still had it as the listener saw the job start;
 *   <li>{@code StageInfo}, {@code Stage} and {@code RDD}: for each completed stage of the run's
 *       jobs;
 *   <li>{@code SparkListenerJobEnd}, then the job's final {@code Stage} and its RDDs.
 * </ul>
 *
 * <p><b>Unwrapped RDDs</b>: a builder never has to walk RDD dependencies itself. For a stage, the
 * builders see the stage's RDD and then every RDD it depends on through narrow dependencies ({@code
 * MapPartitionsRDD} and other one-to-one or range wrappers, unions), each once, depth first,
 * stopping at shuffle dependencies (whose RDDs belong to the parent stage, which completes as its
 * own stage). So a builder declared for the source RDD class (a {@code HadoopRDD}, a connector's
 * own RDD) sees it even though the stage computes a wrapper around it.
 *
 * <p>A builder runs on the agent's analysis thread, never on Spark's listener bus, and may take its
 * time; it must not start Spark jobs.
 *
 * @param <T> the event or scheduler object the builder reads
 */
public abstract class AbstractInputDatasetBuilder<T>
    extends DatasetBuilder<T, OpenLineage.InputDataset> {
  protected AbstractInputDatasetBuilder(OpenLineageContext context) {
    super(context);
  }
}
