package io.headwater.spark.reading;

import io.headwater.spark.reading.walk.PlanCallback;
import org.apache.spark.sql.catalyst.plans.logical.LocalRelation;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.apache.spark.sql.execution.datasources.text.TextFileFormat;

/**
 * Recognises, as a callback of the one plan walk, the executions Spark runs by itself to infer a
 * schema when a DataFrame is defined — the CSV header read, CSV {@code inferSchema}, JSON and XML
 * sampling — so they emit nothing: they are not the user's jobs.
 *
 * <p>Spark reads the files for these through a text relation it builds with the internal option
 * {@code __globPaths__=false} ({@code DataSource.GLOB_PATHS_KEY}). An execution whose every source
 * is such a text relation is schema inference. (File-stream sources use the same option: the agent
 * does not ask about streaming micro-batches.)
 */
final class SchemaInference implements PlanCallback {
  private static final String GLOB_PATHS_KEY = "__globPaths__";

  private boolean sawInternalRead;
  private boolean sawOtherSource;

  @Override
  public void enter(LogicalPlan node) {
    if (node instanceof LogicalRelation relation) {
      if (isInternalTextRead(relation)) {
        sawInternalRead = true;
      } else {
        sawOtherSource = true;
      }
    } else if (node.children().isEmpty()
        && !node.output().isEmpty()
        && !(node instanceof LocalRelation)) {
      sawOtherSource = true; // another source: not only internal reads
    }
  }

  /** True when the walked plan reads only what Spark's schema inference reads. */
  boolean isSchemaInference() {
    return sawInternalRead && !sawOtherSource;
  }

  private static boolean isInternalTextRead(LogicalRelation relation) {
    return relation.relation() instanceof HadoopFsRelation fs
        && fs.fileFormat() instanceof TextFileFormat
        && "false".equals(fs.options().get(GLOB_PATHS_KEY).getOrElse(() -> null));
  }
}
