package io.headwater.spark.config;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.openlineage.client.transports.ApiKeyTokenProvider;
import io.openlineage.client.transports.CompositeConfig;
import io.openlineage.client.transports.ConsoleConfig;
import io.openlineage.client.transports.FileConfig;
import io.openlineage.client.transports.HttpConfig;
import io.openlineage.client.transports.TransportConfig;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * What {@link ConfigLoader} makes of valid settings from Spark configuration, openlineage.yml and
 * the environment.
 */
public class ConfigLoaderTest {
  @Rule public TemporaryFolder folder = new TemporaryFolder();

  private static HeadwaterConfig load(Map<String, String> sparkConf) {
    return ConfigLoader.load(new ConfigSources(sparkConf, Map.of(), List.of()));
  }

  private static HeadwaterConfig load(
      Map<String, String> sparkConf, Map<String, String> env, Path... yml) {
    return ConfigLoader.load(new ConfigSources(sparkConf, env, List.of(yml)));
  }

  private Path yml(String text) throws IOException {
    Path file = folder.newFile("openlineage.yml").toPath();
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  private static HttpConfig http(HeadwaterConfig config) {
    TransportConfig transport = config.transport();
    assertTrue("expected an http transport, got " + transport, transport instanceof HttpConfig);
    return (HttpConfig) transport;
  }

  @Test
  public void sqlLiteralsAreMaskedUnlessKeptFromAnySource() throws IOException {
    assertTrue(load(Map.of()).redaction().masksSqlLiterals());
    HeadwaterConfig kept = load(Map.of("spark.openlineage.facets.sql.literals", "KEEP"));
    assertFalse(kept.redaction().masksSqlLiterals());
    assertEquals(List.of(), kept.warnings());
    HeadwaterConfig fromYml =
        load(Map.of(), Map.of(), yml("facets:\n  sql:\n    literals: keep\n"));
    assertFalse(fromYml.redaction().masksSqlLiterals());
    assertEquals(List.of(), fromYml.warnings());
    assertFalse(
        load(Map.of(), Map.of("OPENLINEAGE__FACETS__SQL__LITERALS", "keep"))
            .redaction()
            .masksSqlLiterals());
    HeadwaterConfig withDisabled =
        load(
            Map.of(
                "spark.openlineage.facets.sql.literals", "mask",
                "spark.openlineage.facets.sql.disabled", "true"));
    assertTrue(withDisabled.redaction().masksSqlLiterals());
    assertTrue(withDisabled.disabledFacets().contains("sql"));
  }

  @Test
  public void noSettingsGiveTheDefaults() {
    HeadwaterConfig config = load(Map.of());

    assertFalse(config.disabled());
    assertTrue(config.transport() instanceof ConsoleConfig);
    assertEquals("default", config.namespace());
    assertEquals(Optional.empty(), config.appName());
    assertEquals(Optional.empty(), config.parent());
    assertEquals(Optional.empty(), config.applicationServer());
    HeadwaterConfig.EmitSettings emit = config.emit();
    assertEquals(
        (int) ConfigKeys.EMIT_QUEUE_CAPACITY.defaultValue().orElseThrow(), emit.queueCapacity());
    assertEquals(
        Duration.ofMillis(ConfigKeys.EMIT_CLOSE_TIMEOUT_MILLIS.defaultValue().orElseThrow()),
        emit.closeTimeout());
    assertEquals(
        (int) ConfigKeys.EMIT_RETRY_MAX_ATTEMPTS.defaultValue().orElseThrow(),
        emit.retry().maxAttempts());
    assertEquals(
        Duration.ofMillis(
            ConfigKeys.EMIT_RETRY_INITIAL_BACKOFF_MILLIS.defaultValue().orElseThrow()),
        emit.retry().initialBackoff());
    assertEquals(
        Duration.ofMillis(ConfigKeys.EMIT_RETRY_MAX_BACKOFF_MILLIS.defaultValue().orElseThrow()),
        emit.retry().maxBackoff());
  }

  @Test
  public void sparkKeysSetNamespaceAppNameAndEmitSettings() {
    HeadwaterConfig config =
        load(
            Map.of(
                "spark.openlineage.namespace", "analytics",
                "spark.openlineage.appName", "Nightly Load",
                "spark.openlineage.emit.queueCapacity", "7",
                "spark.openlineage.emit.retry.maxAttempts", "2",
                "spark.openlineage.emit.retry.initialBackoffMillis", "15",
                "not.openlineage.namespace", "ignored"));

    assertEquals("analytics", config.namespace());
    assertEquals(Optional.of("Nightly Load"), config.appName());
    assertEquals(7, config.emit().queueCapacity());
    assertEquals(2, config.emit().retry().maxAttempts());
    assertEquals(Duration.ofMillis(15), config.emit().retry().initialBackoff());
  }

  @Test
  public void applicationServerIsTrueFalseOrLeftToDetection() {
    assertEquals(
        Optional.of(true),
        load(Map.of("spark.openlineage.application.server", "TRUE")).applicationServer());
    assertEquals(
        Optional.of(false),
        load(Map.of("spark.openlineage.application.server", " false")).applicationServer());
  }

  @Test
  public void httpTransportMapsOntoHttpConfig() {
    HttpConfig http =
        http(
            load(
                Map.of(
                    "spark.openlineage.transport.type", "http",
                    "spark.openlineage.transport.url", "https://lineage.example.com:5000",
                    "spark.openlineage.transport.endpoint", "/api/v2/events",
                    "spark.openlineage.transport.auth.type", "api_key",
                    "spark.openlineage.transport.auth.apiKey", "s3cret",
                    "spark.openlineage.transport.compression", "gzip",
                    "spark.openlineage.transport.timeoutInMillis", "2500")));

    assertEquals(URI.create("https://lineage.example.com:5000"), http.getUrl());
    assertEquals("/api/v2/events", http.getEndpoint());
    assertEquals(Integer.valueOf(2500), http.getTimeoutInMillis());
    assertEquals(HttpConfig.Compression.GZIP, http.getCompression());
    assertTrue("auth is " + http.getAuth(), http.getAuth() instanceof ApiKeyTokenProvider);
    assertEquals("Bearer s3cret", http.getAuth().getToken());
  }

  @Test
  public void headerNamesWithDotsStayOneKey() {
    HttpConfig http =
        http(
            load(
                Map.of(
                    "spark.openlineage.transport.type", "http",
                    "spark.openlineage.transport.url", "http://localhost:5000",
                    "spark.openlineage.transport.headers.X-Custom.Header", "v",
                    "spark.openlineage.transport.urlParams.a.b", "c")));

    assertEquals(Map.of("X-Custom.Header", "v"), http.getHeaders());
    assertEquals(Map.of("a.b", "c"), http.getUrlParams());
  }

  @Test
  public void fileTransportMapsOntoFileConfig() {
    String location = new File(folder.getRoot(), "events/lineage.jsonl").getPath();

    HeadwaterConfig config =
        load(
            Map.of(
                "spark.openlineage.transport.type",
                "file",
                "spark.openlineage.transport.location",
                location));

    assertTrue(config.transport() instanceof FileConfig);
    assertEquals(location, ((FileConfig) config.transport()).getLocation());
    assertTrue(
        "missing parent directories are created", new File(location).getParentFile().isDirectory());
  }

  @Test
  public void compositeTransportReadsNamedChildren() {
    String location = new File(folder.getRoot(), "lineage.jsonl").getPath();

    HeadwaterConfig config =
        load(
            Map.of(
                "spark.openlineage.transport.type", "composite",
                "spark.openlineage.transport.transports.out.type", "console",
                "spark.openlineage.transport.transports.keep.type", "file",
                "spark.openlineage.transport.transports.keep.location", location));

    assertTrue(config.transport() instanceof CompositeConfig);
    List<TransportConfig> children = ((CompositeConfig) config.transport()).getTransports();
    assertEquals(2, children.size());
    assertEquals(1, children.stream().filter(c -> c instanceof ConsoleConfig).count());
    FileConfig file =
        children.stream()
            .filter(c -> c instanceof FileConfig)
            .map(FileConfig.class::cast)
            .findFirst()
            .orElseThrow();
    assertEquals(location, file.getLocation());
  }

  @Test
  public void ymlIsReadFromTheFirstExistingCandidate() throws IOException {
    Path yml = yml("namespace: from_yml\ntransport:\n  type: http\n  url: http://yml:5000\n");
    Path missing = folder.getRoot().toPath().resolve("missing/openlineage.yml");

    HeadwaterConfig config = load(Map.of(), Map.of(), missing, yml);

    assertEquals("from_yml", config.namespace());
    assertEquals(URI.create("http://yml:5000"), http(config).getUrl());
  }

  @Test
  public void sparkConfOverridesYmlKeyByKeyForTheSameTransportType() throws IOException {
    Path yml =
        yml(
            "namespace: from_yml\n"
                + "transport:\n"
                + "  type: http\n"
                + "  url: http://yml:5000\n"
                + "  endpoint: /from/yml\n");

    HeadwaterConfig config =
        load(
            Map.of(
                "spark.openlineage.namespace",
                "from_spark",
                "spark.openlineage.transport.url",
                "http://spark:5000"),
            Map.of(),
            yml);

    assertEquals("from_spark", config.namespace());
    HttpConfig http = http(config);
    assertEquals(URI.create("http://spark:5000"), http.getUrl());
    assertEquals("/from/yml", http.getEndpoint());
  }

  @Test
  public void ymlOverridesEnvironmentVariables() throws IOException {
    Path yml = yml("transport:\n  url: http://yml:5000\n");
    Map<String, String> env =
        Map.of(
            "OPENLINEAGE__NAMESPACE", "from_env",
            "OPENLINEAGE__TRANSPORT__TYPE", "http",
            "OPENLINEAGE__TRANSPORT__URL", "http://env:5000",
            "OPENLINEAGE__TRANSPORT__ENDPOINT", "/from/env");

    HeadwaterConfig config = load(Map.of(), env, yml);

    assertEquals("from_env", config.namespace());
    HttpConfig http = http(config);
    assertEquals(URI.create("http://yml:5000"), http.getUrl());
    assertEquals("/from/env", http.getEndpoint());
  }

  @Test
  public void environmentVariablesOverrideOpenLineageUrlAndKeepItsApiKey() {
    Map<String, String> env =
        Map.of(
            "OPENLINEAGE_URL", "http://official:5000",
            "OPENLINEAGE_API_KEY", "k1",
            "OPENLINEAGE__TRANSPORT__URL", "http://env:5000");

    HttpConfig http = http(load(Map.of(), env));

    assertEquals(URI.create("http://env:5000"), http.getUrl());
    assertEquals("Bearer k1", http.getAuth().getToken());
  }

  @Test
  public void openLineageUrlAndApiKeyGiveAnHttpTransport() {
    HttpConfig http =
        http(
            load(
                Map.of(),
                Map.of("OPENLINEAGE_URL", "http://official:5000", "OPENLINEAGE_API_KEY", "k2")));

    assertEquals(URI.create("http://official:5000"), http.getUrl());
    assertEquals("Bearer k2", http.getAuth().getToken());
  }

  @Test
  public void aTransportOfAnotherTypeInAHigherSourceReplacesTheLowerOne() throws IOException {
    Path yml = yml("transport:\n  type: http\n  url: http://yml:5000\n  endpoint: /from/yml\n");
    String location = new File(folder.getRoot(), "lineage.jsonl").getPath();

    HeadwaterConfig config =
        load(
            Map.of(
                "spark.openlineage.transport.type",
                "file",
                "spark.openlineage.transport.location",
                location),
            Map.of("OPENLINEAGE_URL", "http://official:5000"),
            yml);

    assertTrue(config.transport() instanceof FileConfig);
    assertEquals(location, ((FileConfig) config.transport()).getLocation());
  }

  @Test
  public void envVariableSegmentsBecomeCamelCaseKeys() {
    Map<String, String> env =
        Map.of(
            "OPENLINEAGE__TRANSPORT__TYPE", "http",
            "OPENLINEAGE__TRANSPORT__URL", "http://env:5000",
            "OPENLINEAGE__TRANSPORT__TIMEOUT_IN_MILLIS", "3000",
            "OPENLINEAGE__EMIT__QUEUE_CAPACITY", "42");

    HeadwaterConfig config = load(Map.of(), env);

    assertEquals(Integer.valueOf(3000), http(config).getTimeoutInMillis());
    assertEquals(42, config.emit().queueCapacity());
  }

  @Test
  public void parentJobNeedsAllThreeSettings() {
    UUID runId = UUID.randomUUID();
    Map<String, String> all =
        Map.of(
            "spark.openlineage.parentJobNamespace", "airflow",
            "spark.openlineage.parentJobName", "dag.task",
            "spark.openlineage.parentRunId", runId.toString());

    assertEquals(
        Optional.of(new HeadwaterConfig.ParentJob("airflow", "dag.task", runId)),
        load(all).parent());
    for (String left : all.keySet()) {
      Map<String, String> two = new java.util.HashMap<>(all);
      two.remove(left);
      assertEquals("without " + left, Optional.empty(), load(two).parent());
    }
  }

  @Test
  public void sparkDisabledTurnsTheAgentOff() {
    assertTrue(load(Map.of("spark.openlineage.disabled", "true")).disabled());
    assertFalse(load(Map.of("spark.openlineage.disabled", "false")).disabled());
  }

  @Test
  public void openLineageDisabledEnvironmentVariableTurnsTheAgentOff() {
    assertTrue(load(Map.of(), Map.of("OPENLINEAGE_DISABLED", "true")).disabled());
    assertTrue(load(Map.of(), Map.of("OPENLINEAGE_DISABLED", "TRUE")).disabled());
    assertFalse(load(Map.of(), Map.of("OPENLINEAGE_DISABLED", "no")).disabled());
  }

  @Test
  public void facetDisabledSwitchesNameDisabledFacets() {
    HeadwaterConfig config =
        load(
            Map.of(
                "spark.openlineage.facets.columnLineage.disabled", "true",
                "spark.openlineage.facets.schema.disabled", "false"));

    assertTrue(
        config.disabledFacets().toString(), config.disabledFacets().contains("columnLineage"));
    assertFalse(config.disabledFacets().toString(), config.disabledFacets().contains("schema"));
    assertFalse(load(Map.of()).disabledFacets().contains("columnLineage"));
  }

  @Test
  public void blankSparkValuesAreIgnored() {
    HeadwaterConfig config =
        load(Map.of("spark.openlineage.namespace", "  ", "spark.openlineage.transport.url", ""));

    assertEquals("default", config.namespace());
    assertTrue(config.transport() instanceof ConsoleConfig);
  }

  @Test
  public void columnLineageSettingsComeFromTheirKeysWithTheIntegrationsDefaults() {
    HeadwaterConfig.ColumnLineageSettings defaults = load(Map.of()).columnLineage();
    assertEquals(
        new HeadwaterConfig.ColumnLineageSettings(true, 1000, java.time.Duration.ofMillis(2000)),
        defaults);

    HeadwaterConfig.ColumnLineageSettings configured =
        load(Map.of(
                "spark.openlineage.columnLineage.datasetLineageEnabled", "false",
                "spark.openlineage.columnLineage.schemaSizeLimit", "50",
                "spark.openlineage.columnLineage.timeBudgetMillis", "250"))
            .columnLineage();
    assertEquals(
        new HeadwaterConfig.ColumnLineageSettings(false, 50, java.time.Duration.ofMillis(250)),
        configured);
  }

  @Test
  public void applicationLineageIsOffByDefaultAndComesFromItsKeys() {
    ApplicationLineageSettings defaults = load(Map.of()).applicationLineage();
    assertEquals(ApplicationLineageSettings.OFF, defaults);
    assertFalse(defaults.enabled());

    ApplicationLineageSettings configured =
        load(Map.of(
                "spark.openlineage.application.lineage.enabled", "true",
                "spark.openlineage.application.lineage.intermediateDatasets", "/staging/",
                "spark.openlineage.application.lineage.timeBudgetMillis", "500",
                "spark.openlineage.application.lineage.sizeLimit", "1000"))
            .applicationLineage();
    assertTrue(configured.enabled());
    assertEquals("/staging/", configured.intermediateDatasets().orElseThrow().pattern());
    assertEquals(java.time.Duration.ofMillis(500), configured.timeBudget());
    assertEquals(1000, configured.sizeLimit());
  }

  @Test
  public void columnLineageDescriptionsAreOptIn() {
    assertFalse(load(Map.of()).columnLineage().descriptionsEnabled());
    assertTrue(
        load(Map.of("spark.openlineage.columnLineage.descriptionsEnabled", "true"))
            .columnLineage()
            .descriptionsEnabled());
  }

  @Test
  public void theLogicalPlanAndDebugFacetsAreOffUnlessEnabledAsInTheIntegration() {
    assertEquals(OptInFacets.NONE, load(Map.of()).optInFacets());

    HeadwaterConfig on =
        load(
            Map.of(
                "spark.openlineage.facets.spark.logicalPlan.disabled", "false",
                "spark.openlineage.facets.debug.disabled", "false"));
    assertEquals(
        new OptInFacets(true, true, false, OptInFacets.SmartMode.ANY_MISSING), on.optInFacets());
    assertFalse(on.disabledFacets().contains("debug"));
  }

  @Test
  public void theSmartDebugFacetIsSentEvenWhenTheDebugFacetIsDisabled() {
    HeadwaterConfig smart =
        load(
            Map.of(
                "spark.openlineage.debug.smart", "true",
                "spark.openlineage.debug.smartMode", "output-missing",
                "spark.openlineage.facets.debug.disabled", "true"));

    assertEquals(
        new OptInFacets(false, false, true, OptInFacets.SmartMode.OUTPUT_MISSING),
        smart.optInFacets());
    assertFalse(smart.disabledFacets().contains("debug"));
    assertTrue(smart.optInFacets().debugFor(true, true, false));
    assertFalse(smart.optInFacets().debugFor(true, false, true));
    assertFalse(smart.optInFacets().debugFor(false, true, false));
    assertTrue(
        load(Map.of("spark.openlineage.debug.smart", "true"))
            .optInFacets()
            .debugFor(true, false, true));
  }

  @Test
  public void anUnknownSmartModeIsRejected() {
    InvalidConfigException e =
        assertThrows(
            InvalidConfigException.class,
            () -> load(Map.of("spark.openlineage.debug.smartMode", "sometimes")));
    assertTrue(e.getMessage(), e.getMessage().contains("spark.openlineage.debug.smartMode"));
  }
}
