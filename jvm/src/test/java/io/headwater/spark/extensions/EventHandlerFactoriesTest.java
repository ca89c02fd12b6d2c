package io.headwater.spark.extensions;

import static org.junit.Assert.assertEquals;

import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.junit.BuiltInConnectors;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.OneRowRelation;
import org.junit.Test;
import scala.PartialFunction;

/**
 * Registration through real {@code META-INF/services} files in real jars, read by {@link
 * java.util.ServiceLoader}: several factories per file and several jars, user factories first in
 * class-path order, the built-in last, and a factory whose constructor throws skipped without
 * losing the others.
 */
public class EventHandlerFactoriesTest {
  public static final class FirstFactory implements OpenLineageEventHandlerFactory {}

  public static final class SecondFactory implements OpenLineageEventHandlerFactory {}

  public static final class OtherJarFactory implements OpenLineageEventHandlerFactory {}

  public static final class BrokenFactory implements OpenLineageEventHandlerFactory {
    public BrokenFactory() {
      throw new IllegalStateException("cannot start");
    }
  }

  /**
   * A third-party connector placed between Kafka (400) and the V2 catalogs (500), with a plan
   * visitor of its own.
   */
  public static final class ThirdPartyConnector implements Connector {
    @Override
    public int order() {
      return 450;
    }

    @Override
    public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
        createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
      return List.of(new OneRowVisitor(context));
    }
  }

  /** Names every {@code OneRowRelation} dataset {@code test/one-row}. */
  public static final class OneRowVisitor
      extends QueryPlanVisitor<OneRowRelation, OpenLineage.InputDataset> {
    public OneRowVisitor(OpenLineageContext context) {
      super(context);
    }

    @Override
    protected List<OpenLineage.InputDataset> visit(OneRowRelation node) {
      return List.of(
          context
              .getOpenLineage()
              .newInputDatasetBuilder()
              .namespace("test")
              .name("one-row")
              .build());
    }
  }

  private static Path jarListing(Path dir, String name, String... classes) throws IOException {
    return jarListing(dir, name, OpenLineageEventHandlerFactory.class, classes);
  }

  private static Path jarListing(Path dir, String name, Class<?> service, String... classes)
      throws IOException {
    Path jar = dir.resolve(name);
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file)) {
      out.putNextEntry(new JarEntry("META-INF/services/" + service.getName()));
      out.write(
          ("# user factories\n" + String.join("\n", classes) + "\n")
              .getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
    }
    return jar;
  }

  @Test
  public void userFactoriesFromSeveralJarsRunBeforeTheBuiltIn() throws IOException {
    Path dir = Files.createTempDirectory("factories");
    Path first =
        jarListing(
            dir,
            "first.jar",
            FirstFactory.class.getName(),
            BrokenFactory.class.getName(),
            SecondFactory.class.getName());
    Path second = jarListing(dir, "second.jar", OtherJarFactory.class.getName());
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {first.toUri().toURL(), second.toUri().toURL()},
            getClass().getClassLoader())) {
      List<OpenLineageEventHandlerFactory> factories =
          EventHandlerFactories.load(loader, new ExtensionFailures());

      assertEquals(
          List.of(FirstFactory.class, SecondFactory.class, OtherJarFactory.class),
          factories.subList(0, 3).stream().map(Object::getClass).toList());
      assertEquals(
          builtInConnectors(),
          factories.subList(3, factories.size()).stream().map(Object::getClass).toList());
    }
  }

  @Test
  public void withoutExtensionsOnlyTheBuiltInRuns() {
    List<OpenLineageEventHandlerFactory> factories =
        EventHandlerFactories.load(getClass().getClassLoader(), new ExtensionFailures());

    assertEquals(builtInConnectors(), factories.stream().map(Object::getClass).toList());
    assertEquals(9, factories.size());
  }

  private static List<Class<?>> builtInConnectors() {
    return BuiltInConnectors.registry().connectors().stream()
        .<Class<?>>map(Object::getClass)
        .toList();
  }

  @Test
  public void aConnectorInAJarRunsAfterUserFactoriesInItsOrderWithItsVisitors() throws IOException {
    Path dir = Files.createTempDirectory("connectors");
    Path user = jarListing(dir, "user.jar", FirstFactory.class.getName());
    Path connector =
        jarListing(dir, "connector.jar", Connector.class, ThirdPartyConnector.class.getName());
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {connector.toUri().toURL(), user.toUri().toURL()},
            getClass().getClassLoader())) {
      List<OpenLineageEventHandlerFactory> factories =
          EventHandlerFactories.load(loader, new ExtensionFailures());

      List<String> names = factories.stream().map(f -> f.getClass().getSimpleName()).toList();
      assertEquals("FirstFactory", names.get(0));
      assertEquals(
          List.of("KafkaConnector", "ThirdPartyConnector", "V2Connector"),
          names.subList(names.indexOf("KafkaConnector"), names.indexOf("KafkaConnector") + 3));
      OpenLineageEventHandlerFactory found = factories.get(names.indexOf("ThirdPartyConnector"));
      PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>> visitor =
          found.createInputDatasetQueryPlanVisitors(LocalSpark.context()).iterator().next();
      LogicalPlan plan = LocalSpark.session().sql("SELECT 1 AS one").queryExecution().analyzed();
      List<String> datasets = new java.util.ArrayList<>();
      for (LogicalPlan leaf : ScalaCollections.asJava(plan.collectLeaves())) {
        if (visitor.isDefinedAt(leaf)) {
          visitor.apply(leaf).forEach(d -> datasets.add(d.getNamespace() + "/" + d.getName()));
        }
      }
      assertEquals(List.of("test/one-row"), datasets);
    }
  }
}
