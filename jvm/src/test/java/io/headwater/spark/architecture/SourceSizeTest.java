package io.headwater.spark.architecture;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.Test;

/**
 * No main source file of the agent, shared or per Spark line ({@code jvm/src/<set>/java}, tests
 * aside), is over {@value #MAX_LINES} lines: past that a class has more than one job and is split
 * at its natural seams (docs/development.md). Paths are relative to the project directory, Gradle's
 * working directory for tests.
 */
public class SourceSizeTest {
  private static final int MAX_LINES = 400;
  private static final int LISTENER_MAX_LINES = 150;

  @Test
  public void noMainSourceFileIsOverTheLimit() throws IOException {
    Path sources = Paths.get("jvm", "src");
    List<Path> mainFolders;
    try (Stream<Path> sets = Files.list(sources)) {
      mainFolders =
          sets.filter(set -> !set.getFileName().toString().equals("test"))
              .flatMap(set -> Stream.of(set.resolve("java"), set.resolve("main/java")))
              .filter(Files::isDirectory)
              .collect(Collectors.toList());
    }
    assertTrue("main sources found under " + sources.toAbsolutePath(), mainFolders.size() >= 2);
    List<String> tooLong;
    try (Stream<Path> files =
        mainFolders.stream()
            .flatMap(SourceSizeTest::javaFiles)
            .filter(file -> lines(file) > MAX_LINES)) {
      tooLong = files.map(file -> file + " (" + lines(file) + " lines)").toList();
    }
    assertEquals("over " + MAX_LINES + " lines", List.of(), tooLong);
  }

  /**
   * The listener only routes (docs/development.md, "Packages"): what it must read on the listener
   * bus lives in the classes that own it, so it stays within {@value #LISTENER_MAX_LINES} lines.
   */
  @Test
  public void theListenerOnlyRoutes() {
    Path listener =
        Paths.get("jvm/src/main/java/io/headwater/spark/agent/OpenLineageSparkListener.java");
    assertTrue(
        listener + " (" + lines(listener) + " lines)", lines(listener) <= LISTENER_MAX_LINES);
  }

  private static Stream<Path> javaFiles(Path folder) {
    try (Stream<Path> walk = Files.walk(folder)) {
      return walk.filter(file -> file.toString().endsWith(".java")).toList().stream();
    } catch (IOException e) {
      throw new IllegalStateException("cannot list " + folder, e);
    }
  }

  private static long lines(Path file) {
    try (Stream<String> lines = Files.lines(file)) {
      return lines.count();
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + file, e);
    }
  }
}
