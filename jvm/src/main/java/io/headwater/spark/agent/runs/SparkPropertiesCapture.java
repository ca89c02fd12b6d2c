package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.Redaction;
import io.headwater.spark.facets.SparkPropertiesRunFacet;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * Reads the allow-listed Spark properties ({@code spark.openlineage.capturedProperties}) for a
 * run's {@code spark_properties} facet: from the session's runtime configuration when the run has a
 * session (so {@code spark.conf.set} is seen), else from the Spark configuration the application
 * started with.
 */
@Internal
public final class SparkPropertiesCapture {
  private final URI producer;
  private final List<String> keys;
  private final Map<String, String> sparkConf;
  private final Redaction redaction;

  public SparkPropertiesCapture(
      URI producer, List<String> keys, Map<String, String> sparkConf, Redaction redaction) {
    this.producer = producer;
    this.keys = List.copyOf(keys);
    this.sparkConf = Map.copyOf(sparkConf);
    this.redaction = redaction;
  }

  public SparkPropertiesRunFacet forApplication() {
    Map<String, String> values = new LinkedHashMap<>();
    for (String key : keys) {
      String value = sparkConf.get(key);
      if (value != null) {
        values.put(key, value);
      }
    }
    return new SparkPropertiesRunFacet(producer, values, redaction);
  }

  SparkPropertiesRunFacet forSession(SparkSession session) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String key : keys) {
      scala.Option<String> runtime = session.conf().getOption(key);
      String value = runtime.isDefined() ? runtime.get() : sparkConf.get(key);
      if (value != null) {
        values.put(key, value);
      }
    }
    return new SparkPropertiesRunFacet(producer, values, redaction);
  }
}
