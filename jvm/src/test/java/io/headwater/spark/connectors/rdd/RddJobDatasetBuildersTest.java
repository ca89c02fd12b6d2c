package io.headwater.spark.connectors.rdd;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.TestContexts;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.rdd.RddJobs;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Properties;
import org.junit.Test;

/**
 * The built-in RDD dataset builders are defined only at the scheduler's job of an RDD job (no SQL
 * execution id in its properties; an {@code ActiveJob} needs a real stage, so
 * tests/test_rdd_lineage.py covers that end to end), and the built-in factory supplies them like
 * any factory supplies builders.
 */
public class RddJobDatasetBuildersTest {
  private final OpenLineageContext context =
      TestContexts.withoutSpark(new OpenLineage(java.net.URI.create("https://example/p")));

  @Test
  public void aJobWithoutASqlExecutionIdIsAnRddJob() {
    Properties sqlJob = new Properties();
    sqlJob.setProperty("spark.sql.execution.id", "3");
    assertFalse(RddJobs.isRddJob(sqlJob));
    assertTrue(RddJobs.isRddJob(new Properties()));
    assertTrue(RddJobs.isRddJob((Properties) null));
  }

  @Test
  public void notDefinedAtOtherObjects() {
    assertFalse(new RddJobInputDatasetBuilder(context).isDefinedAt("not a job"));
    assertFalse(new RddJobOutputDatasetBuilder(context).isDefinedAt(new Properties()));
  }

  @Test
  public void theRddConnectorSuppliesThem() {
    RddConnector factory = new RddConnector();
    assertEquals(
        List.of(RddJobInputDatasetBuilder.class),
        factory.createInputDatasetBuilder(context).stream().map(Object::getClass).toList());
    assertEquals(
        List.of(RddJobOutputDatasetBuilder.class),
        factory.createOutputDatasetBuilder(context).stream().map(Object::getClass).toList());
  }
}
