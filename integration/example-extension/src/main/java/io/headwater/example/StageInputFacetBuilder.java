package io.headwater.example;

import io.headwater.spark.api.CustomFacetBuilder;
import io.openlineage.client.OpenLineage;
import java.util.function.BiConsumer;
import org.apache.spark.scheduler.StageInfo;

/**
 * Input-dataset facet {@code example_stageInput}: {@code {"numTasks": n, "recordsRead": n}} of a
 * completed stage, from its {@code StageInfo} metrics. Every input of the run gets it; the last
 * completed stage's wins.
 */
public final class StageInputFacetBuilder
    extends CustomFacetBuilder<StageInfo, OpenLineage.InputDatasetFacet> {
  @Override
  protected void build(
      StageInfo stage, BiConsumer<String, ? super OpenLineage.InputDatasetFacet> consumer) {
    long recordsRead =
        stage.taskMetrics() == null ? 0 : stage.taskMetrics().inputMetrics().recordsRead();
    consumer.accept("example_stageInput", new StageInputFacet(stage.numTasks(), recordsRead));
  }

  /**
   * {@code {"numTasks": ..., "recordsRead": ...}}; its schema is the spec's base InputDatasetFacet.
   */
  public static final class StageInputFacet extends OpenLineage.DefaultInputDatasetFacet {
    private final int numTasks;
    private final long recordsRead;

    StageInputFacet(int numTasks, long recordsRead) {
      super(ExampleEventHandlerFactory.PRODUCER);
      this.numTasks = numTasks;
      this.recordsRead = recordsRead;
    }

    public int getNumTasks() {
      return numTasks;
    }

    public long getRecordsRead() {
      return recordsRead;
    }
  }
}
