package io.headwater.spark.versions;

import io.headwater.spark.annotation.Internal;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * What the build wrote into this agent jar ({@code
 * io/headwater/spark/headwater-version.properties}): Headwater's version and the Scala version the
 * jar was compiled for ({@code 2.12} for the Spark 3.5 jar, {@code 2.13} for the Spark 4 jar).
 * Values are {@code unknown} when the resource is missing (classes run outside a built jar).
 *
 * @param version the agent's version, e.g. {@code 0.1.0}
 * @param scala the Scala binary version of the jar, e.g. {@code 2.13}
 */
@Internal
public record AgentBuild(String version, String scala) {
  private static final String RESOURCE = "/io/headwater/spark/headwater-version.properties";
  private static final String UNKNOWN = "unknown";

  /** This jar's build information. */
  public static final AgentBuild CURRENT = read();

  /** The agent jar's file name for this Scala version, e.g. {@code headwater-spark_2.13.jar}. */
  public static String jarName(String scala) {
    return "headwater-spark_" + scala + ".jar";
  }

  private static AgentBuild read() {
    Properties properties = new Properties();
    try (InputStream in = AgentBuild.class.getResourceAsStream(RESOURCE)) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      // unreadable: the unknown values below
    }
    return new AgentBuild(
        properties.getProperty("version", UNKNOWN), properties.getProperty("scala", UNKNOWN));
  }
}
