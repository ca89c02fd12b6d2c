package io.headwater.spark.config;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** Settings {@link ConfigLoader} rejects: each error names the setting as the user wrote it. */
public class ConfigLoaderErrorsTest {
  @Rule public TemporaryFolder folder = new TemporaryFolder();

  private static InvalidConfigException rejected(Map<String, String> sparkConf) {
    return rejected(sparkConf, Map.of(), List.of());
  }

  private static InvalidConfigException rejected(
      Map<String, String> sparkConf, Map<String, String> env, List<Path> yml) {
    return assertThrows(
        InvalidConfigException.class,
        () -> ConfigLoader.load(new ConfigSources(sparkConf, env, yml)));
  }

  private static InvalidConfigException rejectedHttpUrl(String url) {
    return rejected(
        Map.of("spark.openlineage.transport.type", "http", "spark.openlineage.transport.url", url));
  }

  private static void assertMentions(InvalidConfigException e, String... parts) {
    for (String part : parts) {
      assertTrue(
          "'" + e.getMessage() + "' should mention '" + part + "'", e.getMessage().contains(part));
    }
  }

  private Path yml(String text) throws IOException {
    Path file = folder.newFile("openlineage.yml").toPath();
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  @Test
  public void applicationServerThatIsNeitherTrueNorFalse() {
    InvalidConfigException e = rejected(Map.of("spark.openlineage.application.server", "yes"));

    assertMentions(e, "spark.openlineage.application.server", "'yes' is neither true nor false");
    assertEquals("spark.openlineage.application.server", e.setting());
  }

  @Test
  public void applicationLineageSettingsThatCannotBeUsed() {
    InvalidConfigException on =
        rejected(Map.of("spark.openlineage.application.lineage.enabled", "on"));
    assertMentions(on, "spark.openlineage.application.lineage.enabled", "'on' is neither");
    assertEquals("spark.openlineage.application.lineage.enabled", on.setting());

    InvalidConfigException pattern =
        rejected(Map.of("spark.openlineage.application.lineage.intermediateDatasets", "/stag(ing"));
    assertMentions(
        pattern,
        "spark.openlineage.application.lineage.intermediateDatasets",
        "is not a Java regular expression");

    InvalidConfigException budget =
        rejected(Map.of("spark.openlineage.application.lineage.timeBudgetMillis", "0"));
    assertMentions(
        budget, "spark.openlineage.application.lineage.timeBudgetMillis", "must be at least 1");

    InvalidConfigException size =
        rejected(Map.of("spark.openlineage.application.lineage.sizeLimit", "lots"));
    assertMentions(
        size, "spark.openlineage.application.lineage.sizeLimit", "'lots' is not a whole number");
  }

  @Test
  public void sqlLiteralsThatAreNeitherMaskNorKeep() {
    InvalidConfigException e = rejected(Map.of("spark.openlineage.facets.sql.literals", "hide"));

    assertMentions(e, "spark.openlineage.facets.sql.literals", "'hide' is neither mask nor keep");
    assertEquals("spark.openlineage.facets.sql.literals", e.setting());
  }

  @Test
  public void unknownTransportType() {
    InvalidConfigException e =
        rejected(Map.of("spark.openlineage.transport.type", "carrier-pigeon"));

    assertMentions(e, "spark.openlineage.transport.type", "carrier-pigeon");
    assertEquals("spark.openlineage.transport.type", e.setting());
  }

  @Test
  public void kafkaWithoutKafkaClientsOnTheClasspath() {
    // pyspark ships no kafka-clients, so the test class path (Spark's jars) has none either
    InvalidConfigException e =
        rejected(
            Map.of(
                "spark.openlineage.transport.type", "kafka",
                "spark.openlineage.transport.topicName", "lineage",
                "spark.openlineage.transport.properties.bootstrap.servers", "localhost:9092"));

    assertMentions(e, "spark.openlineage.transport.type", "kafka-clients");
  }

  @Test
  public void malformedUrl() {
    assertMentions(
        rejectedHttpUrl("http://exa mple.com:5000"), "spark.openlineage.transport.url", "exa mple");
  }

  @Test
  public void urlWithoutScheme() {
    assertMentions(rejectedHttpUrl("lineage.example.com/api"), "spark.openlineage.transport.url");
  }

  @Test
  public void urlWithoutHost() {
    assertMentions(rejectedHttpUrl("http:///api/v1"), "spark.openlineage.transport.url");
  }

  @Test
  public void urlWithAnotherScheme() {
    assertMentions(rejectedHttpUrl("ftp://lineage.example.com"), "spark.openlineage.transport.url");
  }

  @Test
  public void httpTransportWithoutUrl() {
    InvalidConfigException e = rejected(Map.of("spark.openlineage.transport.type", "http"));

    assertEquals("spark.openlineage.transport.url", e.setting());
  }

  @Test
  public void fileLocationUnderARegularFile() throws IOException {
    File plain = folder.newFile("plain");
    String location = new File(plain, "lineage.jsonl").getPath();

    InvalidConfigException e =
        rejected(
            Map.of(
                "spark.openlineage.transport.type",
                "file",
                "spark.openlineage.transport.location",
                location));

    assertMentions(e, "spark.openlineage.transport.location", plain.getPath());
  }

  @Test
  public void fileLocationThatIsADirectory() {
    InvalidConfigException e =
        rejected(
            Map.of(
                "spark.openlineage.transport.type",
                "file",
                "spark.openlineage.transport.location",
                folder.getRoot().getPath()));

    assertMentions(e, "spark.openlineage.transport.location", "directory");
  }

  @Test
  public void badChildOfACompositeTransport() {
    InvalidConfigException e =
        rejected(
            Map.of(
                "spark.openlineage.transport.type", "composite",
                "spark.openlineage.transport.transports.backend.type", "http",
                "spark.openlineage.transport.transports.backend.url", "not a url"));

    assertEquals("spark.openlineage.transport.transports.backend.url", e.setting());
  }

  @Test
  public void unparsableYmlNamesTheFile() throws IOException {
    Path yml = yml("transport:\n  type: http\n  url: [unclosed\n");

    InvalidConfigException e = rejected(Map.of(), Map.of(), List.of(yml));

    assertMentions(e, yml.toString());
  }

  @Test
  public void ymlThatIsNotAMappingNamesTheFile() throws IOException {
    Path yml = yml("- just\n- a list\n");

    assertMentions(rejected(Map.of(), Map.of(), List.of(yml)), yml.toString());
  }

  @Test
  public void badYmlValueNamesTheKeyAndTheFile() throws IOException {
    Path yml = yml("transport:\n  type: http\n  url: not a url\n");

    InvalidConfigException e = rejected(Map.of(), Map.of(), List.of(yml));

    assertMentions(e, "transport.url (in " + yml + ")");
  }

  @Test
  public void badEnvironmentValueNamesTheVariable() {
    Map<String, String> env =
        Map.of(
            "OPENLINEAGE__TRANSPORT__TYPE",
            "http",
            "OPENLINEAGE__TRANSPORT__URL",
            "localhost:5000");

    InvalidConfigException e = rejected(Map.of(), env, List.of());

    assertMentions(e, "OPENLINEAGE__TRANSPORT__URL", "localhost:5000");
  }

  @Test
  public void badOpenLineageUrlNamesTheVariable() {
    InvalidConfigException e =
        rejected(Map.of(), Map.of("OPENLINEAGE_URL", "backend:5000"), List.of());

    assertMentions(e, "OPENLINEAGE_URL");
  }

  @Test
  public void nonNumericQueueCapacity() {
    InvalidConfigException e = rejected(Map.of("spark.openlineage.emit.queueCapacity", "lots"));

    assertMentions(e, "spark.openlineage.emit.queueCapacity", "lots");
  }

  @Test
  public void zeroRetryAttempts() {
    InvalidConfigException e = rejected(Map.of("spark.openlineage.emit.retry.maxAttempts", "0"));

    assertEquals("spark.openlineage.emit.retry.maxAttempts", e.setting());
  }

  @Test
  public void nonBooleanDisabled() {
    assertMentions(
        rejected(Map.of("spark.openlineage.disabled", "yes please")), "spark.openlineage.disabled");
  }

  @Test
  public void invalidParentRunId() {
    InvalidConfigException e =
        rejected(
            Map.of(
                "spark.openlineage.parentJobNamespace", "airflow",
                "spark.openlineage.parentJobName", "dag.task",
                "spark.openlineage.parentRunId", "not-a-uuid"));

    assertMentions(e, "spark.openlineage.parentRunId", "not-a-uuid");
  }
}
