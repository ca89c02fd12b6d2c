package io.headwater.spark.compat.pipelines;

import io.headwater.spark.annotation.Internal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where an element of a Spark Declarative Pipeline is defined, as the pipeline registered it: the
 * definition file (absolute for Python definitions, relative to the pipeline spec's directory for
 * SQL files), the 1-based line when known, and the language ({@code PYTHON} or {@code SQL}).
 */
@Internal
public record PipelineDefinition(String file, Optional<Integer> line, Optional<String> language) {
  public PipelineDefinition {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(line, "line");
    Objects.requireNonNull(language, "language");
  }

  /** The JSON shape the facets carry: {@code {"file", "line"?, "language"?}}. */
  public Map<String, Object> toJson() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("file", file);
    line.ifPresent(value -> json.put("line", value));
    language.ifPresent(value -> json.put("language", value));
    return json;
  }
}
