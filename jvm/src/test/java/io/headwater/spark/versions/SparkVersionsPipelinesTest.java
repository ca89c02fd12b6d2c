package io.headwater.spark.versions;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.compat.pipelines.PipelineGraphs;
import java.util.Optional;
import org.junit.Test;

/**
 * {@link SparkVersions#pipelines()} chooses the pipelines seam by the classes Spark has: with Spark
 * 4.1's pipeline and Connect classes the Spark 4.1 implementation, without either of them (Spark
 * 3.5 and 4.0 ship neither) nothing, so the agent runs on without pipeline lineage.
 */
public class SparkVersionsPipelinesTest {
  @Test
  public void sparkWithPipelinesGetsTheSpark41Implementation() {
    Optional<PipelineGraphs> chosen = SparkVersions.pipelines();

    assertTrue(chosen.isPresent());
    assertEquals(
        "io.headwater.spark.compat.spark41.SparkPipelines41", chosen.get().getClass().getName());
  }

  @Test
  public void sparkWithoutPipelinesGetsNone() {
    assertEquals(
        Optional.empty(),
        SparkVersions.choosePipelines(without("org.apache.spark.sql.pipelines.")));
  }

  @Test
  public void sparkWithoutConnectGetsNone() {
    assertEquals(
        Optional.empty(), SparkVersions.choosePipelines(without("org.apache.spark.sql.connect.")));
  }

  /** The test's class loader, hiding the classes of one package (as a Spark that lacks them). */
  private static ClassLoader without(String hiddenPackage) {
    ClassLoader real = SparkVersionsPipelinesTest.class.getClassLoader();
    return new ClassLoader(null) {
      @Override
      protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(hiddenPackage)) {
          throw new ClassNotFoundException(name);
        }
        return real.loadClass(name);
      }
    };
  }
}
