package io.headwater.spark.compat.spark41;

import io.headwater.spark.compat.V1Writes;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.command.SaveAsV1TableCommand;

/** {@link V1Writes} for Spark 4.1 and later, which have {@code SaveAsV1TableCommand}. */
public final class V1Writes41 implements V1Writes {
  /** The class whose presence selects this implementation. */
  public static final String MARKER = "org.apache.spark.sql.execution.command.SaveAsV1TableCommand";

  @Override
  public boolean hasSaveAsTableCommand() {
    return true;
  }

  @Override
  public Optional<LogicalPlan> saveAsTableQuery(LogicalPlan node) {
    return node instanceof SaveAsV1TableCommand save ? Optional.of(save.query()) : Optional.empty();
  }
}
