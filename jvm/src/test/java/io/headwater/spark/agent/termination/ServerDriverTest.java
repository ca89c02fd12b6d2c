package io.headwater.spark.agent.termination;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.Test;

/**
 * Which drivers are long-running servers: from {@code spark.openlineage.application.server}, or
 * detected from their command line and plugins.
 */
public class ServerDriverTest {
  private static final String SUBMIT = "org.apache.spark.deploy.SparkSubmit --master local[2] ";

  @Test
  public void aServerMainClassGivenToSparkSubmitOrRunDirectlyIsAServer() {
    assertTrue(
        ServerDriver.isServer(
            SUBMIT
                + "--class org.apache.spark.sql.connect.service.SparkConnectServer --name"
                + " connect spark-internal",
            null));
    assertTrue(
        ServerDriver.isServer(
            SUBMIT + "--class org.apache.spark.sql.hive.thriftserver.HiveThriftServer2", ""));
    assertTrue(
        ServerDriver.isServer("org.apache.spark.sql.connect.service.SparkConnectServer", null));
  }

  @Test
  public void kyuubisSparkEngineIsAServerAlsoUnderYarnsApplicationMaster() {
    String engine = "--class org.apache.kyuubi.engine.spark.SparkSQLEngine";
    assertTrue(ServerDriver.isServer(SUBMIT + engine + " kyuubi-spark-sql-engine.jar", null));
    assertTrue(
        ServerDriver.isServer(
            "org.apache.spark.deploy.yarn.ApplicationMaster "
                + engine
                + " --jar file:/engines/kyuubi-spark-sql-engine_2.12-1.9.0.jar"
                + " --properties-file /yarn/__spark_conf__.properties",
            null));
  }

  @Test
  public void theSettingDecidesWhenItIsSet() {
    // This JVM's own command line (the test runner's) is no server's.
    assertFalse(ServerDriver.isServer(Optional.empty(), Map.of()));
    assertTrue(ServerDriver.isServer(Optional.of(true), Map.of()));
    assertTrue(
        ServerDriver.isServer(
            Optional.empty(), Map.of("spark.plugins", ServerDriver.CONNECT_PLUGIN)));
    assertFalse(
        ServerDriver.isServer(
            Optional.of(false), Map.of("spark.plugins", ServerDriver.CONNECT_PLUGIN)));
  }

  @Test
  public void theConnectPluginMakesAnyApplicationAServer() {
    assertTrue(
        ServerDriver.isServer(
            SUBMIT + "job.py",
            "com.example.Other, org.apache.spark.sql.connect.SparkConnectPlugin"));
  }

  @Test
  public void batchJobsShellsAndUnknownCommandLinesAreNotServers() {
    assertFalse(ServerDriver.isServer(SUBMIT + "pyspark-shell", null));
    assertFalse(ServerDriver.isServer(SUBMIT + "--class com.example.Etl app.jar", "com.example.P"));
    assertFalse(ServerDriver.isServer(SUBMIT + "--name SparkConnectServer job.py", null));
    assertFalse(ServerDriver.isServer("", null));
    assertFalse(ServerDriver.isServer(SUBMIT + "--class", null));
  }
}
