package io.headwater.spark.config;

import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.Test;

/** The configuration reference documents every key Headwater declares, with its default. */
public class ConfigurationDocsTest {
  @Test
  public void everyDeclaredKeyIsDocumentedWithItsDefault() throws IOException {
    String docs = Files.readString(Path.of("docs", "configuration.md"));
    for (ConfigKey<?> key : ConfigKeys.ALL) {
      String row = "| `" + key.sparkKey() + "` |";
      assertTrue(key.sparkKey() + " is missing from docs/configuration.md", docs.contains(row));
      String line = docs.lines().filter(l -> l.startsWith(row)).findFirst().orElseThrow();
      key.defaultValue()
          .ifPresent(
              value ->
                  assertTrue(
                      key.sparkKey() + " default " + value + " is not in its row: " + line,
                      line.contains("`" + documented(value) + "`")));
    }
  }

  @Test
  public void everyDeclaredKeyFamilyIsDocumented() throws IOException {
    String docs = Files.readString(Path.of("docs", "configuration.md"));
    for (ConfigPrefix prefix : ConfigKeys.PREFIXES) {
      String row = "| `" + prefix.sparkKey() + "` |";
      assertTrue(prefix.sparkKey() + " is missing from docs/configuration.md", docs.contains(row));
    }
  }

  /** How a default is written in the docs: a list as its comma-separated items. */
  private static String documented(Object value) {
    return value instanceof java.util.List<?> list
        ? String.join(",", list.stream().map(String::valueOf).toList())
        : String.valueOf(value);
  }
}
