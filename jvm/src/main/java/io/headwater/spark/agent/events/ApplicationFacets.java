package io.headwater.spark.agent.events;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.Redaction;
import io.headwater.spark.facets.EnvironmentPropertiesRunFacet;
import io.headwater.spark.facets.SparkApplicationDetailsRunFacet;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.scheduler.SparkListenerApplicationStart;

/**
 * The run facets only the application run carries, as the OpenLineage Spark integration gives them:
 * {@code spark_applicationDetails} (from the Spark configuration and the application-start event:
 * its application id and user) and {@code environment-properties} (the variables named in {@code
 * spark.openlineage.facets.custom_environment_variables}).
 */
@Internal
public final class ApplicationFacets {
  private final URI producer;
  private final Map<String, String> sparkConf;
  private final EnvironmentPropertiesRunFacet environment;

  /**
   * @param producer the producer URI
   * @param sparkConf the driver's Spark configuration
   * @param variables the environment variables to capture, by name
   * @param environment the process environment
   * @param redaction what must not leave the process (applied to the variables' values)
   */
  public ApplicationFacets(
      URI producer,
      Map<String, String> sparkConf,
      List<String> variables,
      Map<String, String> environment,
      Redaction redaction) {
    this.producer = producer;
    this.sparkConf = Map.copyOf(sparkConf);
    Map<String, String> captured = new TreeMap<>();
    for (String name : variables) {
      String value = environment.get(name);
      if (value != null) {
        captured.put(name, value);
      }
    }
    this.environment = new EnvironmentPropertiesRunFacet(producer, captured, redaction);
  }

  /**
   * The facets for the application event Spark reported as {@code sparkEvent} (null for an attached
   * agent's start and detach), by facet name.
   */
  Map<String, OpenLineage.RunFacet> of(Object sparkEvent) {
    Map<String, String> details = new LinkedHashMap<>();
    details.put("master", sparkConf.get("spark.master"));
    details.put("appName", sparkConf.get("spark.app.name"));
    details.put("applicationId", sparkConf.get("spark.app.id"));
    details.put("deployMode", sparkConf.getOrDefault("spark.submit.deployMode", "client"));
    details.put("driverHost", sparkConf.get("spark.driver.host"));
    details.put("userName", System.getProperty("user.name"));
    details.put("proxyUrl", sparkConf.get("spark.ui.proxyBase"));
    details.put("historyUrl", sparkConf.get("spark.yarn.historyServer.address"));
    if (sparkEvent instanceof SparkListenerApplicationStart start) {
      if (start.appId().isDefined()) {
        details.put("applicationId", start.appId().get());
      }
      details.put("appName", start.appName());
      details.put("userName", start.sparkUser());
    }
    Map<String, OpenLineage.RunFacet> facets = new LinkedHashMap<>();
    facets.put(
        SparkApplicationDetailsRunFacet.NAME,
        new SparkApplicationDetailsRunFacet(producer, details));
    facets.put(EnvironmentPropertiesRunFacet.NAME, environment);
    return facets;
  }
}
