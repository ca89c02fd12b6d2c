package io.headwater.spark.config;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.Test;

/**
 * Every key openlineage-spark documents (the copy of its key list in {@code
 * tests/data/openlineage-spark/spark-conf-keys.txt}) is honoured (read without a warning) or
 * deliberately refused (one line saying why and what to use), and has its row in the
 * openlineage-spark table of {@code docs/configuration.md}.
 */
public class OpenLineageSparkKeysTest {
  private static final Path KEYS =
      Path.of("tests", "data", "openlineage-spark", "spark-conf-keys.txt");

  /** Values of the right form for the keys that take more than true, false or a name. */
  private static final Map<String, String> VALUES =
      Map.ofEntries(
          Map.entry("transport.type", "console"),
          Map.entry("parentRunId", "0190a8c4-5a6b-7c8d-9e0f-112233445566"),
          Map.entry("rootParentRunId", "0190a8c4-5a6b-7c8d-9e0f-112233445567"),
          Map.entry("applicationRunId", "0190a8c4-5a6b-7c8d-9e0f-112233445568"),
          Map.entry("facets.disabled", "[columnLineage;schema]"),
          Map.entry("facets.variables", "[HOME;USER]"),
          Map.entry("capturedProperties", "spark.master"),
          Map.entry("dataset.removePath.pattern", "(.*)(?<remove>/v[0-9]+)"),
          Map.entry("job.tags", "team:flights"),
          Map.entry("run.tags", "team:flights"),
          Map.entry(
              "filter.allowedSparkNodes",
              "[org.apache.spark.sql.catalyst.plans.logical.Aggregate]"),
          Map.entry(
              "filter.deniedSparkNodes", "[org.apache.spark.sql.catalyst.plans.logical.Project]"),
          Map.entry("timeout.buildDatasetsTimePercentage", "50"),
          Map.entry("timeout.facetsBuildingTimePercentage", "50"),
          Map.entry("dataset.namespaceResolvers.kafka-prod.type", "hostList"),
          Map.entry("dataset.namespaceResolvers.kafka-prod.hosts", "[broker1;broker2]"));

  /** The documented keys, {@code <...>} parts replaced by a name. */
  static List<String> documentedKeys() throws IOException {
    return Files.readAllLines(KEYS).stream()
        .map(String::trim)
        .filter(line -> !line.isEmpty() && !line.startsWith("#"))
        .toList();
  }

  private static String concrete(String key) {
    return key.replace("<facet name>", "sql")
        .replace("<ownership-type>", "team")
        .replace("<resolved name>", "kafka-prod");
  }

  @Test
  public void everyDocumentedKeyIsHonouredOrRefused() throws IOException {
    List<String> keys = documentedKeys();
    assertTrue("the key list is read", keys.size() >= 29);
    for (String documented : keys) {
      String key = concrete(documented);
      String path = key.substring(ConfigTree.SPARK_PREFIX.length());
      Map<String, String> conf = new HashMap<>();
      conf.put(key, VALUES.getOrDefault(path, value(path)));
      if (path.startsWith("dataset.namespaceResolvers.")) {
        // a resolver needs its type and its hosts together
        conf.put("spark.openlineage.dataset.namespaceResolvers.kafka-prod.type", "hostList");
        conf.put(
            "spark.openlineage.dataset.namespaceResolvers.kafka-prod.hosts", "[broker1;broker2]");
      }
      HeadwaterConfig config = ConfigLoader.load(new ConfigSources(conf, Map.of(), List.of()));
      List<String> warnings = config.warnings();
      if (CompatKeys.REFUSED.containsKey(path)) {
        assertEquals(key + ": " + warnings, 1, warnings.size());
        assertTrue(warnings.get(0), warnings.get(0).startsWith(key + " is refused: "));
        assertTrue(warnings.get(0), warnings.get(0).contains("; use spark.openlineage."));
      } else {
        assertEquals(key + " is neither honoured nor refused: " + warnings, List.of(), warnings);
      }
    }
  }

  @Test
  public void everyDocumentedKeyHasItsRowInTheOpenLineageSparkTable() throws IOException {
    String docs = Files.readString(Path.of("docs", "configuration.md"));
    int table = docs.indexOf("## Keys of openlineage-spark");
    assertTrue("docs/configuration.md has the openlineage-spark table", table >= 0);
    String section = docs.substring(table);
    for (String key : documentedKeys()) {
      String row = "| `" + key + "` |";
      assertTrue(key + " has no row in the openlineage-spark table", section.contains(row));
      String line = section.lines().filter(l -> l.startsWith(row)).findFirst().orElseThrow();
      String path = key.substring(ConfigTree.SPARK_PREFIX.length());
      assertEquals(line, CompatKeys.REFUSED.containsKey(path), line.contains("| refused |"));
      assertFalse(line, line.contains("| ignored |"));
    }
  }

  /** {@code true} for a key Headwater reads as a boolean, else a name. */
  private static String value(String path) {
    for (ConfigKey<?> key : ConfigKeys.ALL) {
      if (key.path().equals(path)) {
        return key.defaultValue().filter(Boolean.class::isInstance).isPresent() ? "true" : "x";
      }
    }
    return "true";
  }
}
