package io.headwater.spark.reading;

import io.headwater.spark.compat.ScalaCollections;
import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.apache.spark.sql.execution.datasources.text.TextFileFormat;

/**
 * Recognises the executions Spark runs by itself to infer a schema when a DataFrame is defined —
 * the CSV header read, CSV {@code inferSchema}, JSON and XML sampling — so they emit nothing: they
 * are not the user's jobs.
 *
 * <p>Spark reads the files for these through a text relation it builds with the internal option
 * {@code __globPaths__=false} ({@code DataSource.GLOB_PATHS_KEY}). An execution whose every
 * relation is such a text relation, and which writes nothing, is schema inference. (File-stream
 * sources use the same option: the agent does not ask about streaming micro-batches.)
 */
public final class SchemaInference {
  private static final String GLOB_PATHS_KEY = "__globPaths__";

  private SchemaInference() {}

  /** True when {@code plan} is a schema-inference read (see the class comment). */
  public static boolean isSchemaInference(LogicalPlan plan) {
    boolean sawInternalRead = false;
    Deque<LogicalPlan> pending = new ArrayDeque<>();
    pending.push(plan);
    while (!pending.isEmpty()) {
      LogicalPlan node = pending.pop();
      if (node instanceof LogicalRelation relation) {
        if (!isInternalTextRead(relation)) {
          return false;
        }
        sawInternalRead = true;
      } else if (node.children().isEmpty()
          && !node.output().isEmpty()
          && !(node instanceof org.apache.spark.sql.catalyst.plans.logical.LocalRelation)) {
        return false; // another source: not only internal reads
      }
      ScalaCollections.asJava(node.children()).forEach(pending::push);
    }
    return sawInternalRead;
  }

  private static boolean isInternalTextRead(LogicalRelation relation) {
    return relation.relation() instanceof HadoopFsRelation fs
        && fs.fileFormat() instanceof TextFileFormat
        && "false".equals(fs.options().get(GLOB_PATHS_KEY).getOrElse(() -> null));
  }
}
