package io.headwater.spark.agent;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/** Which drivers are Spark Connect or Thrift servers, from their command line and plugins. */
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
