package io.headwater.example;

import io.headwater.spark.api.CustomFacetBuilder;
import io.openlineage.client.OpenLineage;
import java.util.function.BiConsumer;
import org.apache.spark.scheduler.SparkListenerJobStart;

/**
 * Job facet {@code example_scheduling}: {@code {"pool": <the job's spark.scheduler.pool, or
 * "default">}}, reported when a Spark job of the run starts (so it is on the run's terminal event,
 * not on its START).
 */
public final class SchedulingJobFacetBuilder
    extends CustomFacetBuilder<SparkListenerJobStart, OpenLineage.JobFacet> {
  @Override
  protected void build(
      SparkListenerJobStart event, BiConsumer<String, ? super OpenLineage.JobFacet> consumer) {
    String pool =
        event.properties() == null ? null : event.properties().getProperty("spark.scheduler.pool");
    consumer.accept("example_scheduling", new SchedulingJobFacet(pool == null ? "default" : pool));
  }

  /** {@code {"pool": ...}}; its schema is the spec's base JobFacet. */
  public static final class SchedulingJobFacet extends OpenLineage.DefaultJobFacet {
    private final String pool;

    SchedulingJobFacet(String pool) {
      super(ExampleEventHandlerFactory.PRODUCER, null);
      this.pool = pool;
    }

    public String getPool() {
      return pool;
    }
  }
}
