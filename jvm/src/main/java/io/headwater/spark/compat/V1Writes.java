package io.headwater.spark.compat;

import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * Spark-version seam for V1 writes: Spark 4.1 added {@code SaveAsV1TableCommand} above the CTAS of
 * {@code df.write.saveAsTable}; Spark 3.5 and 4.0 have no such class (the CTAS is the root).
 */
public interface V1Writes {
  /** No {@code SaveAsV1TableCommand} in this Spark. */
  V1Writes NONE =
      new V1Writes() {
        @Override
        public boolean hasSaveAsTableCommand() {
          return false;
        }

        @Override
        public Optional<LogicalPlan> saveAsTableQuery(LogicalPlan node) {
          return Optional.empty();
        }
      };

  /** True when this Spark plans {@code saveAsTable} as a {@code SaveAsV1TableCommand}. */
  boolean hasSaveAsTableCommand();

  /** The query a {@code SaveAsV1TableCommand} writes, kept out of the plan tree; else empty. */
  Optional<LogicalPlan> saveAsTableQuery(LogicalPlan node);
}
