package io.headwater.spark.extensions;

import static org.junit.Assert.assertEquals;

import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.connectors.BuiltInEventHandlerFactory;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.Test;

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

  private static Path jarListing(Path dir, String name, String... classes) throws IOException {
    Path jar = dir.resolve(name);
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file)) {
      out.putNextEntry(
          new JarEntry("META-INF/services/" + OpenLineageEventHandlerFactory.class.getName()));
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
          List.of(
              FirstFactory.class,
              SecondFactory.class,
              OtherJarFactory.class,
              BuiltInEventHandlerFactory.class),
          factories.stream().map(Object::getClass).toList());
    }
  }

  @Test
  public void withoutExtensionsOnlyTheBuiltInRuns() {
    List<OpenLineageEventHandlerFactory> factories =
        EventHandlerFactories.load(getClass().getClassLoader(), new ExtensionFailures());

    assertEquals(
        List.of(BuiltInEventHandlerFactory.class),
        factories.stream().map(Object::getClass).toList());
  }
}
