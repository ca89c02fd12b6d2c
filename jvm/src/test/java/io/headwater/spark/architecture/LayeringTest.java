package io.headwater.spark.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.headwater.spark.annotation.Internal;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * The agent's package layers (docs/development.md, "Layers"), from the bottom up: {@code config},
 * {@code logging}, {@code annotation}, {@code compat} (Spark-version seams) and {@code versions}
 * (which implementation of each seam runs); {@code api}; {@code naming}; {@code facets}; the shared
 * {@code tables}, {@code rdd} and {@code pipelines}; {@code connectors.*}, which no other layer
 * uses (they are plug-ins found through {@code ServiceLoader}); {@code reading}; {@code
 * extensions}; {@code emit} and {@code agent}. A package may use the layers below it and never one
 * above; no two packages depend on each other in a cycle; the public extension API uses nothing of
 * the agent's own; and every other public top-level type is marked {@link Internal}. Any violation
 * fails the build with the offending class and dependency named.
 */
public class LayeringTest {
  private static final String ROOT = AgentClasses.ROOT;
  private static JavaClasses classes;

  @BeforeClass
  public static void importAgentClasses() {
    classes = AgentClasses.get();
  }

  @Test
  public void noPackageUsesALayerAboveIt() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("Foundation")
        .definedBy(
            ROOT + ".config..",
            ROOT + ".logging..",
            ROOT + ".compat..",
            ROOT + ".versions..",
            ROOT + ".annotation..")
        .layer("Api")
        .definedBy(ROOT + ".api..")
        .layer("Naming")
        .definedBy(ROOT + ".naming..")
        .layer("Facets")
        .definedBy(ROOT + ".facets..")
        .layer("Shared")
        .definedBy(ROOT + ".tables..", ROOT + ".rdd..", ROOT + ".pipelines..")
        .layer("Connectors")
        .definedBy(ROOT + ".connectors..")
        .layer("Reading")
        .definedBy(ROOT + ".reading..")
        .layer("Extensions")
        .definedBy(ROOT + ".extensions..")
        .layer("Emit")
        .definedBy(ROOT + ".emit..")
        .layer("Agent")
        .definedBy(ROOT + ".agent..")
        .whereLayer("Agent")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("Emit")
        .mayOnlyBeAccessedByLayers("Agent")
        .whereLayer("Extensions")
        .mayOnlyBeAccessedByLayers("Agent")
        .whereLayer("Reading")
        .mayOnlyBeAccessedByLayers("Extensions", "Agent")
        .whereLayer("Connectors")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("Shared")
        .mayOnlyBeAccessedByLayers("Connectors", "Reading", "Extensions", "Agent")
        .whereLayer("Facets")
        .mayOnlyBeAccessedByLayers("Shared", "Connectors", "Reading", "Extensions", "Agent")
        .whereLayer("Naming")
        .mayOnlyBeAccessedByLayers(
            "Facets", "Shared", "Connectors", "Reading", "Extensions", "Agent")
        .whereLayer("Api")
        .mayOnlyBeAccessedByLayers(
            "Naming", "Facets", "Shared", "Connectors", "Reading", "Extensions", "Agent")
        .check(classes);
  }

  /**
   * Inside the agent, from the top down: its root package (the listener, the agent and its wiring);
   * {@code agent.executions} (SQL execution events); {@code agent.jobs} (Spark jobs, RDD runs) and
   * {@code agent.pipelines} (Spark Declarative Pipelines); {@code agent.tracking} (the run state
   * machine) and {@code agent.events} (event assembly); {@code agent.application} (the
   * application's own lineage, composed from its child runs'); {@code agent.runs} (a run's record)
   * at the bottom; {@code agent.termination} beside them, used by the root alone. A sub-package may
   * use those below it, never one above or the root (docs/development.md, "Packages").
   */
  @Test
  public void agentSubPackagesUseOnlyThoseBelowThem() {
    String agent = ROOT + ".agent";
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("Lifecycle")
        .definedBy(agent)
        .layer("Executions")
        .definedBy(agent + ".executions..")
        .layer("Jobs")
        .definedBy(agent + ".jobs..")
        .layer("Pipelines")
        .definedBy(agent + ".pipelines..")
        .layer("Tracking")
        .definedBy(agent + ".tracking..")
        .layer("Events")
        .definedBy(agent + ".events..")
        .layer("Application")
        .definedBy(agent + ".application..")
        .layer("Runs")
        .definedBy(agent + ".runs..")
        .layer("Termination")
        .definedBy(agent + ".termination..")
        .whereLayer("Lifecycle")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("Executions")
        .mayOnlyBeAccessedByLayers("Lifecycle")
        .whereLayer("Jobs")
        .mayOnlyBeAccessedByLayers("Executions", "Lifecycle")
        .whereLayer("Pipelines")
        .mayOnlyBeAccessedByLayers("Executions", "Lifecycle")
        .whereLayer("Tracking")
        .mayOnlyBeAccessedByLayers("Jobs", "Executions", "Lifecycle")
        .whereLayer("Events")
        .mayOnlyBeAccessedByLayers("Pipelines", "Jobs", "Executions", "Lifecycle")
        .whereLayer("Application")
        .mayOnlyBeAccessedByLayers("Events", "Lifecycle")
        .whereLayer("Runs")
        .mayOnlyBeAccessedByLayers(
            "Application", "Tracking", "Events", "Pipelines", "Jobs", "Executions", "Lifecycle")
        .whereLayer("Termination")
        .mayOnlyBeAccessedByLayers("Lifecycle")
        .check(classes);
  }

  /** The agent's sub-packages depend on each other in no cycle. */
  @Test
  public void agentSubPackagesAreFreeOfCycles() {
    slices().matching(ROOT + ".agent.(*)..").should().beFreeOfCycles().check(classes);
  }

  /**
   * The plan reading and the agent name no connector: they reach connectors only through {@link
   * io.headwater.spark.api.Connector}, found by {@code ServiceLoader}.
   */
  @Test
  public void readingAndTheAgentNameNoConnector() {
    noClasses()
        .that()
        .resideInAnyPackage(ROOT + ".reading..", ROOT + ".agent..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(ROOT + ".connectors..")
        .check(classes);
  }

  /**
   * Connector packages ({@code connectors.<name>}) depend on no other connector package; what
   * several of them share lives below them ({@code tables}, {@code facets}, {@code naming}, {@code
   * api}).
   */
  @Test
  public void noConnectorDependsOnAnother() {
    slices().matching(ROOT + ".connectors.(*)..").should().notDependOnEachOther().check(classes);
  }

  /**
   * The extension API is {@code io.headwater.spark.api} and nothing else: every other public
   * top-level type is marked {@link Internal} (public only for the agent's own packages, Spark,
   * py4j or ServiceLoader), so an extension author sees at once what is not theirs to use.
   */
  @Test
  public void everyPublicTypeOutsideTheApiIsMarkedInternal() {
    classes()
        .that()
        .arePublic()
        .and()
        .areTopLevelClasses()
        .and()
        .resideOutsideOfPackages(ROOT + ".api..", ROOT + ".annotation..")
        .should()
        .beAnnotatedWith(Internal.class)
        .check(classes);
  }

  @Test
  public void noPackageCycles() {
    slices().matching(ROOT + ".(**)").should().beFreeOfCycles().check(classes);
  }

  @Test
  public void theExtensionApiUsesNothingOfTheAgent() {
    noClasses()
        .that()
        .resideInAPackage(ROOT + ".api..")
        .should()
        .dependOnClassesThat()
        .resideOutsideOfPackages(
            ROOT + ".api..",
            "java..",
            "scala..",
            "org.apache.spark..",
            "org.apache.hadoop..",
            "io.openlineage.client..")
        .check(classes);
  }
}
