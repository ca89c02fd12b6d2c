package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The raw inputs of configuration, captured once when the listener is constructed.
 *
 * @param sparkConf every Spark configuration entry (only {@code spark.openlineage.*} is read)
 * @param environment the process environment ({@code OPENLINEAGE__*}, {@code OPENLINEAGE_URL},
 *     {@code OPENLINEAGE_API_KEY}, {@code OPENLINEAGE_ENDPOINT}, {@code OPENLINEAGE_DISABLED},
 *     {@code OPENLINEAGE_CONFIG} are read)
 * @param ymlCandidates where {@code openlineage.yml} may be, first existing file wins
 */
@Internal
public record ConfigSources(
    Map<String, String> sparkConf, Map<String, String> environment, List<Path> ymlCandidates) {
  public ConfigSources {
    sparkConf = Map.copyOf(sparkConf);
    environment = Map.copyOf(environment);
    ymlCandidates = List.copyOf(ymlCandidates);
  }

  /**
   * The sources of a running driver: the given Spark configuration, this process's environment, and
   * the {@code openlineage.yml} search path of the OpenLineage clients: {@code
   * $OPENLINEAGE_CONFIG}, then {@code ./openlineage.yml} (the JVM's working directory), then {@code
   * ~/.openlineage/openlineage.yml}.
   */
  public static ConfigSources forDriver(Map<String, String> sparkConf) {
    Map<String, String> environment = System.getenv();
    return new ConfigSources(sparkConf, environment, defaultYmlCandidates(environment));
  }

  static List<Path> defaultYmlCandidates(Map<String, String> environment) {
    List<Path> candidates = new ArrayList<>();
    String explicit = environment.get("OPENLINEAGE_CONFIG");
    if (explicit != null && !explicit.isBlank()) {
      candidates.add(Path.of(explicit));
    }
    candidates.add(Path.of(System.getProperty("user.dir"), "openlineage.yml"));
    candidates.add(Path.of(System.getProperty("user.home"), ".openlineage", "openlineage.yml"));
    return candidates;
  }

  /** The first {@code openlineage.yml} candidate that exists, if any. */
  Path ymlFile() {
    for (Path candidate : ymlCandidates) {
      Objects.requireNonNull(candidate, "ymlCandidates");
      if (candidate.toFile().isFile()) {
        return candidate;
      }
    }
    return null;
  }
}
