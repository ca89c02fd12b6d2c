package io.headwater.spark.connectors.hive;

import io.headwater.spark.annotation.Internal;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.hive.execution.CreateHiveTableAsSelectCommand;

/**
 * The one place that decides whether Spark's Hive module ({@code spark-hive}) is on the class path.
 * Hive classes are touched only through {@link Loaded}, after {@link #AVAILABLE} said yes, so a
 * Spark without Hive support never loads them.
 */
@Internal
public final class HiveSupport {
  public static final boolean AVAILABLE = isAvailable();

  private HiveSupport() {}

  /** The query of a Hive CTAS, which Spark keeps out of the plan tree. */
  public static Optional<LogicalPlan> hiddenQuery(LogicalPlan node) {
    return AVAILABLE ? Loaded.hiddenQuery(node) : Optional.empty();
  }

  private static boolean isAvailable() {
    try {
      Class.forName(
          "org.apache.spark.sql.hive.execution.InsertIntoHiveTable",
          false,
          HiveSupport.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static final class Loaded {
    static Optional<LogicalPlan> hiddenQuery(LogicalPlan node) {
      return node instanceof CreateHiveTableAsSelectCommand ctas
          ? Optional.of(ctas.query())
          : Optional.empty();
    }
  }
}
