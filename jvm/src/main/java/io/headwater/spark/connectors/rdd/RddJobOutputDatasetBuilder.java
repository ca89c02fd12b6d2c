package io.headwater.spark.connectors.rdd;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.AbstractOutputDatasetBuilder;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.rdd.RddJobs;
import io.openlineage.client.OpenLineage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.spark.scheduler.ActiveJob;

/**
 * The built-in output dataset builder of RDD jobs: at the job's start, the directory its Hadoop
 * write writes ({@link RddOutputs}); none for a job that writes nothing. Defined only at the {@code
 * ActiveJob} of an RDD job ({@link RddJobs#isRddJob}): a SQL run's outputs come from its plan.
 */
@Internal
public final class RddJobOutputDatasetBuilder extends AbstractOutputDatasetBuilder<ActiveJob> {
  public RddJobOutputDatasetBuilder(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(Object event) {
    return event instanceof ActiveJob job && RddJobs.isRddJob(job);
  }

  /**
   * @throws UncheckedIOException when the output's file system cannot be reached to qualify the
   *     path
   */
  @Override
  protected List<OpenLineage.OutputDataset> build(ActiveJob job) {
    try {
      return RddOutputs.of(job, context.datasetFactory());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
