package io.headwater.spark.architecture;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.Test;

/**
 * docs/development.md's package table ("### Packages") has one row per package of the agent's main
 * sources ({@code jvm/src/<set>/java} and {@code jvm/src/<set>/main/java}, tests aside), named
 * below {@code io.headwater.spark} in its first cell ({@code | `agent.runs` | ...}), and no row for
 * a package that does not exist: adding, moving or removing a package without its row fails the
 * build with the package named. Paths are relative to the project directory, Gradle's working
 * directory for tests.
 */
public class PackageTableTest {
  private static final Path ROOT = Paths.get("io", "headwater", "spark");
  private static final Pattern ROW = Pattern.compile("^\\| `([a-z0-9.]+)` \\|");

  @Test
  public void everyPackageHasARowAndEveryRowAPackage() throws IOException {
    Set<String> packages = sourcePackages();
    assertTrue("packages found under jvm/src", packages.contains("agent"));
    assertEquals(
        "packages of the agent (left) and rows of docs/development.md's package table (right)",
        packages,
        tableRows());
  }

  private static Set<String> sourcePackages() throws IOException {
    Set<String> packages = new TreeSet<>();
    try (Stream<Path> sets = Files.list(Paths.get("jvm", "src"))) {
      for (Path set : sets.filter(set -> !set.endsWith("test")).toList()) {
        for (Path folder : new Path[] {set.resolve("java"), set.resolve("main/java")}) {
          Path root = folder.resolve(ROOT);
          if (!Files.isDirectory(root)) {
            continue;
          }
          try (Stream<Path> walk = Files.walk(root)) {
            walk.filter(file -> file.toString().endsWith(".java"))
                .map(file -> root.relativize(file.getParent()).toString())
                .filter(name -> !name.isEmpty())
                .forEach(name -> packages.add(name.replace(File.separatorChar, '.')));
          }
        }
      }
    }
    return packages;
  }

  private static Set<String> tableRows() throws IOException {
    Set<String> rows = new TreeSet<>();
    boolean inSection = false;
    for (String line :
        Files.readAllLines(Paths.get("docs", "development.md"), StandardCharsets.UTF_8)) {
      if (line.startsWith("#")) {
        inSection = line.equals("### Packages");
        continue;
      }
      Matcher row = ROW.matcher(line);
      if (inSection && row.find()) {
        rows.add(row.group(1));
      }
    }
    assertTrue("docs/development.md has a \"### Packages\" table", !rows.isEmpty());
    return rows;
  }
}
