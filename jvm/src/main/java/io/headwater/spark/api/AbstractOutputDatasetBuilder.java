package io.headwater.spark.api;

import io.openlineage.client.OpenLineage;

/**
 * Builds output datasets from an object of a run's listener events; return it from {@link
 * OpenLineageEventHandlerFactory#createOutputDatasetBuilder}. It sees the same objects as {@link
 * AbstractInputDatasetBuilder} (RDDs unwrapped the same way). The job-name suffix comes from the
 * output plan visitors ({@link QueryPlanVisitor#jobNameSuffix}), not from builders: the name is
 * fixed when the run starts.
 *
 * @param <T> the event or scheduler object the builder reads
 */
public abstract class AbstractOutputDatasetBuilder<T>
    extends DatasetBuilder<T, OpenLineage.OutputDataset> {
  protected AbstractOutputDatasetBuilder(OpenLineageContext context) {
    super(context);
  }
}
