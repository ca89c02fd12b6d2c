package io.headwater.spark.compat;

import io.headwater.spark.annotation.Internal;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * Spark-version seam for V1 writes: Spark 4.1 added {@code SaveAsV1TableCommand} above the CTAS of
 * {@code df.write.saveAsTable}; Spark 3.5 and 4.0 have no such class (the CTAS is the root). Code
 * outside the implementations never names the class, so the same source compiles against every
 * Spark.
 */
@Internal
public interface V1Writes {
  /** No {@code SaveAsV1TableCommand} in this Spark (3.5, 4.0). */
  V1Writes NONE =
      new V1Writes() {
        @Override
        public boolean hasSaveAsTableCommand() {
          return false;
        }

        @Override
        public Optional<SaveAsTable> saveAsTable(LogicalPlan node) {
          return Optional.empty();
        }
      };

  /** True when this Spark plans {@code saveAsTable} as a {@code SaveAsV1TableCommand}. */
  boolean hasSaveAsTableCommand();

  /** What a {@code SaveAsV1TableCommand} writes, when {@code node} is one; else empty. */
  Optional<SaveAsTable> saveAsTable(LogicalPlan node);

  /** The query a {@code SaveAsV1TableCommand} writes, kept out of the plan tree; else empty. */
  default Optional<LogicalPlan> saveAsTableQuery(LogicalPlan node) {
    return saveAsTable(node).map(SaveAsTable::query);
  }

  /**
   * The parts of a {@code SaveAsV1TableCommand(tableDesc, mode, query)}.
   *
   * @param table the table to write (its description as the command holds it)
   * @param mode the save mode of the write
   * @param query the query whose rows are written
   */
  record SaveAsTable(CatalogTable table, SaveMode mode, LogicalPlan query) {
    public SaveAsTable {
      Objects.requireNonNull(table, "table");
      Objects.requireNonNull(mode, "mode");
      Objects.requireNonNull(query, "query");
    }
  }
}
