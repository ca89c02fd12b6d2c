package io.headwater.spark.config;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.Test;

/**
 * Strict configuration: unknown keys are reported once each with the closest known key, and values
 * the client's types cannot read are reported by key with the form expected.
 */
public class UnknownSettingsTest {
  private static HeadwaterConfig load(Map<String, String> sparkConf) {
    return ConfigLoader.load(new ConfigSources(sparkConf, Map.of(), List.of()));
  }

  private static Map<String, String> http(String... more) {
    Map<String, String> conf = new HashMap<>();
    conf.put("spark.openlineage.transport.type", "http");
    conf.put("spark.openlineage.transport.url", "http://127.0.0.1:5000");
    for (int i = 0; i < more.length; i += 2) {
      conf.put(more[i], more[i + 1]);
    }
    return conf;
  }

  @Test
  public void aMisspeltKeyIsNamedWithTheClosestKnownKey() {
    List<String> warnings =
        load(http("spark.openlineage.emit.closeTimeoutMilis", "100")).warnings();

    assertEquals(1, warnings.size());
    String warning = warnings.get(0);
    assertTrue(warning, warning.startsWith("spark.openlineage.emit.closeTimeoutMilis is not"));
    assertTrue(
        warning,
        warning.contains("the closest known key is spark.openlineage.emit.closeTimeoutMillis"));
  }

  @Test
  public void aMisspeltTransportKeyIsNamedWithTheClientsKey() {
    List<String> warnings =
        load(http("spark.openlineage.transport.timeoutInMilis", "100")).warnings();

    assertEquals(1, warnings.size());
    assertTrue(
        warnings.get(0),
        warnings
            .get(0)
            .contains("the closest known key is spark.openlineage.transport.timeoutInMillis"));
  }

  @Test
  public void everyKeyTheAgentOrTheClientReadsIsKnown() {
    HeadwaterConfig config =
        load(
            http(
                "spark.openlineage.transport.endpoint", "/api/v1/lineage",
                "spark.openlineage.transport.timeoutInMillis", "1000",
                "spark.openlineage.transport.compression", "gzip",
                "spark.openlineage.transport.auth.type", "api_key",
                "spark.openlineage.transport.auth.apiKey", "k",
                "spark.openlineage.transport.headers.X-Team.Name", "flights",
                "spark.openlineage.transport.urlParams.tenant", "t1",
                "spark.openlineage.facets.spark_unknown.disabled", "true",
                "spark.openlineage.facets.spark.logicalPlan.disabled", "true",
                "spark.openlineage.job.owners.team", "flights",
                "spark.openlineage.extensions.words.enabled", "true",
                "spark.openlineage.spool.maxBytes", "1000",
                "spark.openlineage.redaction.regex", "ghp_[a-z]+"));

    assertEquals(List.of(), config.warnings());
  }

  @Test
  public void compositeChildrenAreCheckedByTheirType() {
    Map<String, String> conf = new HashMap<>();
    conf.put("spark.openlineage.transport.type", "composite");
    conf.put("spark.openlineage.transport.transports.local.type", "file");
    conf.put("spark.openlineage.transport.transports.local.locaton", "/tmp/x.jsonl");
    conf.put("spark.openlineage.transport.transports.local.location", "/tmp/events.jsonl");

    List<String> warnings = load(conf).warnings();

    assertEquals(1, warnings.size());
    assertTrue(
        warnings.get(0),
        warnings.get(0).startsWith("spark.openlineage.transport.transports.local.locaton is not"));
  }

  @Test
  public void aTimeoutThatIsNotAPositiveNumberNamesTheKeyAndTheForm() {
    for (String value : List.of("-5", "soon", "0")) {
      InvalidConfigException e =
          assertThrows(
              InvalidConfigException.class,
              () -> load(http("spark.openlineage.transport.timeoutInMillis", value)));

      assertEquals("spark.openlineage.transport.timeoutInMillis", e.setting());
      assertTrue(e.getMessage(), e.getMessage().contains("whole number of milliseconds"));
      assertTrue(e.getMessage(), e.getMessage().contains("'" + value + "'"));
    }
  }

  @Test
  public void aValueTheClientCannotReadNamesItsKeyAndTheExpectedForm() {
    InvalidConfigException e =
        assertThrows(
            InvalidConfigException.class,
            () -> load(http("spark.openlineage.transport.compression", "zip")));

    assertEquals("spark.openlineage.transport.compression", e.setting());
    assertTrue(e.getMessage(), e.getMessage().contains("'zip' is not one of gzip"));
  }

  @Test
  public void aUrlWithCredentialsIsRejectedWithoutRepeatingThem() {
    InvalidConfigException e =
        assertThrows(
            InvalidConfigException.class,
            () -> load(http("spark.openlineage.transport.url", "http://bob:hunter2@lineage:5000")));

    assertEquals("spark.openlineage.transport.url", e.setting());
    assertTrue(e.getMessage(), e.getMessage().contains("must not carry credentials"));
    assertTrue(e.getMessage(), e.getMessage().contains("transport.auth"));
    assertTrue(e.getMessage(), !e.getMessage().contains("hunter2"));
  }

  @Test
  public void aBadUserRedactionRegexNamesTheKey() {
    InvalidConfigException e =
        assertThrows(
            InvalidConfigException.class,
            () -> load(http("spark.openlineage.redaction.regex", "(unclosed")));

    assertEquals("spark.openlineage.redaction.regex", e.setting());
  }
}
