package io.headwater.spark.connectors.rdd;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.AbstractInputDatasetBuilder;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.rdd.RddJobs;
import io.openlineage.client.OpenLineage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.spark.scheduler.ActiveJob;

/**
 * The built-in input dataset builder of RDD jobs: at the job's start, the files the RDDs of its
 * final stage are computed from ({@link RddInputs}, walking the whole RDD graph, shuffles
 * included). Defined only at the {@code ActiveJob} of an RDD job ({@link RddJobs#isRddJob}): a SQL
 * run's inputs come from its plan.
 */
@Internal
public final class RddJobInputDatasetBuilder extends AbstractInputDatasetBuilder<ActiveJob> {
  public RddJobInputDatasetBuilder(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(Object event) {
    return event instanceof ActiveJob job && RddJobs.isRddJob(job);
  }

  /**
   * @throws UncheckedIOException when a file system cannot be reached to qualify an input path
   */
  @Override
  protected List<OpenLineage.InputDataset> build(ActiveJob job) {
    try {
      return RddInputs.of(job.finalStage().rdd(), context.datasetFactory());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
