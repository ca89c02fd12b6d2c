package io.headwater.spark.config;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.Test;

/**
 * openlineage-spark's options ({@link CompatKeys}) as {@link ConfigLoader} resolves them: the root
 * parent from Spark settings and from the variables Airflow's OpenLineage provider sets, the
 * application run id, the dataset-name rules, the older facet settings.
 */
public class CompatOptionsTest {
  private static final UUID PARENT = UUID.fromString("0190a8c4-5a6b-7c8d-9e0f-000000000001");
  private static final UUID ROOT = UUID.fromString("0190a8c4-5a6b-7c8d-9e0f-000000000002");

  private static HeadwaterConfig load(Map<String, String> sparkConf, Map<String, String> env) {
    return ConfigLoader.load(new ConfigSources(sparkConf, env, List.of()));
  }

  @Test
  public void theRootFallsBackToTheParentPartByPart() {
    HeadwaterConfig config =
        load(
            Map.of(
                "spark.openlineage.parentJobNamespace",
                "airflow",
                "spark.openlineage.parentJobName",
                "dag.task",
                "spark.openlineage.parentRunId",
                PARENT.toString(),
                "spark.openlineage.rootParentRunId",
                ROOT.toString()),
            Map.of());

    assertEquals(
        Optional.of(new HeadwaterConfig.ParentJob("airflow", "dag.task", ROOT)),
        config.compat().rootParent());
    assertEquals(Optional.empty(), load(Map.of(), Map.of()).compat().rootParent());
  }

  @Test
  public void airflowsCombinedVariablesGiveTheParentAndTheRoot() {
    HeadwaterConfig config =
        load(
            Map.of(),
            Map.of(
                "OPENLINEAGE_PARENT_ID", "airflow/nightly.load/" + PARENT,
                "OPENLINEAGE_ROOT_PARENT_ID", "airflow/nightly/" + ROOT));

    assertEquals(
        Optional.of(new HeadwaterConfig.ParentJob("airflow", "nightly.load", PARENT)),
        config.parent());
    assertEquals(
        Optional.of(new HeadwaterConfig.ParentJob("airflow", "nightly", ROOT)),
        config.compat().rootParent());
    assertEquals(List.of(), config.warnings());
  }

  @Test
  public void airflowsDiscreteVariablesWinOverTheCombinedOnesAndSparkSettingsOverBoth() {
    Map<String, String> env =
        Map.of(
            "OPENLINEAGE_PARENT_ID", "airflow/combined/" + PARENT,
            "OPENLINEAGE_PARENT_JOB_NAMESPACE", "glue",
            "OPENLINEAGE_PARENT_JOB_NAME", "discrete",
            "OPENLINEAGE_PARENT_RUN_ID", PARENT.toString(),
            "OPENLINEAGE_ROOT_PARENT_JOB_NAMESPACE", "glue",
            "OPENLINEAGE_ROOT_PARENT_JOB_NAME", "dag",
            "OPENLINEAGE_ROOT_PARENT_RUN_ID", ROOT.toString());

    assertEquals(
        Optional.of(new HeadwaterConfig.ParentJob("glue", "discrete", PARENT)),
        load(Map.of(), env).parent());
    assertEquals(
        Optional.of(new HeadwaterConfig.ParentJob("glue", "dag", ROOT)),
        load(Map.of(), env).compat().rootParent());
    assertEquals(
        "spark",
        load(Map.of("spark.openlineage.parentJobName", "spark"), env).parent().get().name());
  }

  @Test
  public void aBadVariableIsNamed() {
    InvalidConfigException combined =
        assertThrows(
            InvalidConfigException.class,
            () -> load(Map.of(), Map.of("OPENLINEAGE_PARENT_ID", "airflow-only")));
    assertTrue(combined.getMessage(), combined.getMessage().startsWith("OPENLINEAGE_PARENT_ID"));
    InvalidConfigException runId =
        assertThrows(
            InvalidConfigException.class,
            () -> load(Map.of(), Map.of("OPENLINEAGE_ROOT_PARENT_RUN_ID", "not-a-uuid")));
    assertTrue(runId.getMessage(), runId.getMessage().startsWith("OPENLINEAGE_ROOT_PARENT_RUN_ID"));
  }

  @Test
  public void applicationRunIdIsAUuid() {
    UUID id = UUID.fromString("0190a8c4-5a6b-7c8d-9e0f-000000000003");
    assertEquals(
        Optional.of(id),
        load(Map.of("spark.openlineage.applicationRunId", id.toString()), Map.of())
            .compat()
            .applicationRunId());
    assertThrows(
        InvalidConfigException.class,
        () -> load(Map.of("spark.openlineage.applicationRunId", "app-1"), Map.of()));
  }

  @Test
  public void aRemovePathPatternNeedsItsGroup() {
    InvalidConfigException e =
        assertThrows(
            InvalidConfigException.class,
            () ->
                load(
                    Map.of("spark.openlineage.dataset.removePath.pattern", "(.*)/v[0-9]+"),
                    Map.of()));
    assertTrue(e.getMessage(), e.getMessage().contains("named group remove"));
  }

  @Test
  public void theOlderFacetSettingsAreRead() {
    HeadwaterConfig config =
        load(
            Map.of(
                "spark.openlineage.facets.disabled", "[spark_properties;processing_engine]",
                "spark.openlineage.facets.variables", "[HOME;USER]"),
            Map.of());

    assertTrue(
        config.disabledFacets().containsAll(List.of("spark_properties", "processing_engine")));
    assertEquals(List.of("HOME", "USER"), config.customEnvironmentVariables());
    assertEquals(List.of(), config.warnings());
  }

  @Test
  public void nodeFiltersAllowBeforeTheyDeny() {
    String aggregate = "org.apache.spark.sql.catalyst.plans.logical.Aggregate";
    CompatOptions options =
        load(
                Map.of(
                    "spark.openlineage.filter.allowedSparkNodes", "[" + aggregate + "]",
                    "spark.openlineage.filter.deniedSparkNodes", "[" + aggregate + ";x.Y]"),
                Map.of())
            .compat();

    assertEquals(Optional.of(true), options.nodeDecision(aggregate));
    assertEquals(Optional.of(false), options.nodeDecision("x.Y"));
    assertFalse(options.nodeDecision("x.Z").isPresent());
  }
}
