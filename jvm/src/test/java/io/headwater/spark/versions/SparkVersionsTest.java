package io.headwater.spark.versions;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import io.headwater.spark.compat.UnsupportedSparkException;
import io.headwater.spark.junit.LocalSpark;
import org.junit.Test;

/**
 * {@link SparkVersions}: the supported range and the jar's Scala version checked at start-up, and
 * the seam implementations chosen on the running Spark (the primary line, 4.1).
 */
public class SparkVersionsTest {
  private static final String SUPPORTED =
      "Spark 3.5 (Scala 2.12, headwater-spark_2.12.jar) and Spark 4.0 to 4.3"
          + " (Scala 2.13, headwater-spark_2.13.jar)";

  @Test
  public void aVersionsLineIsItsMajorAndMinor() {
    assertEquals("4.1", SparkVersions.line("4.1.4"));
    assertEquals("4.2", SparkVersions.line("4.2.0-preview1"));
    assertEquals("3.5", SparkVersions.line("3.5"));
    assertEquals("4", SparkVersions.line("4"));
  }

  @Test
  public void everySupportedLineRunsTheJarOfItsScala() {
    SparkVersions.checkRuntime("3.5.9", "2.12");
    for (String version : new String[] {"4.0.5", "4.1.4", "4.2.1", "4.3.0"}) {
      SparkVersions.checkRuntime(version, "2.13");
    }
    SparkVersions.checkRuntime("4.1.4", "unknown"); // classes outside a built jar
  }

  @Test
  public void aSparkOutsideTheRangeIsRefusedNamingItAndTheRange() {
    for (String version : new String[] {"3.4.1", "4.4.0", "5.0.0", "2.4.8"}) {
      UnsupportedSparkException refused =
          assertThrows(
              UnsupportedSparkException.class, () -> SparkVersions.checkRuntime(version, "2.13"));
      assertEquals(
          "Spark "
              + version
              + " is not supported by Headwater "
              + AgentBuild.CURRENT.version()
              + " (it supports "
              + SUPPORTED
              + "): run it on a supported Spark (docs/configuration.md, \"Messages\")",
          refused.getMessage());
    }
  }

  @Test
  public void theJarOfTheOtherScalaIsRefusedNamingTheRightOne() {
    UnsupportedSparkException on35 =
        assertThrows(
            UnsupportedSparkException.class, () -> SparkVersions.checkRuntime("3.5.9", "2.13"));
    assertEquals(
        "Spark 3.5.9 runs Scala 2.12 but this is headwater-spark_2.13.jar: use"
            + " headwater-spark_2.12.jar (`headwater jar-path --spark 3.5`; Headwater "
            + AgentBuild.CURRENT.version()
            + " supports "
            + SUPPORTED
            + ")",
        on35.getMessage());
    UnsupportedSparkException on43 =
        assertThrows(
            UnsupportedSparkException.class, () -> SparkVersions.checkRuntime("4.3.0", "2.12"));
    assertEquals(
        "Spark 4.3.0 runs Scala 2.13 but this is headwater-spark_2.12.jar: use"
            + " headwater-spark_2.13.jar (`headwater jar-path --spark 4.3`; Headwater "
            + AgentBuild.CURRENT.version()
            + " supports "
            + SUPPORTED
            + ")",
        on43.getMessage());
  }

  @Test
  public void onSpark41TheSeamsOfTheLinesItBelongsToAreChosen() {
    LocalSpark.session(); // Spark's classes are loaded
    SparkVersions.check();
    assertEquals(
        "io.headwater.spark.compat.spark41.StreamingPlans41",
        SparkVersions.streaming().getClass().getName());
    assertEquals(
        "io.headwater.spark.compat.spark40.CachedPlans40",
        SparkVersions.cachedPlans().getClass().getName());
    assertEquals(
        "io.headwater.spark.compat.spark35.CatalogAccess35",
        SparkVersions.catalogs().getClass().getName());
    assertEquals(
        "io.headwater.spark.compat.spark41.V1Writes41",
        SparkVersions.v1Writes().getClass().getName());
    assertEquals("2.13", AgentBuild.CURRENT.scala());
  }
}
