package io.headwater.spark.compat.spark41;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.V1Writes;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.command.SaveAsV1TableCommand;

/** {@link V1Writes} for Spark 4.1 and later, which have {@code SaveAsV1TableCommand}. */
@Internal
public final class V1Writes41 implements V1Writes {
  @Override
  public boolean hasSaveAsTableCommand() {
    return true;
  }

  @Override
  public Optional<SaveAsTable> saveAsTable(LogicalPlan node) {
    return node instanceof SaveAsV1TableCommand save
        ? Optional.of(new SaveAsTable(save.tableDesc(), save.mode(), save.query()))
        : Optional.empty();
  }
}
