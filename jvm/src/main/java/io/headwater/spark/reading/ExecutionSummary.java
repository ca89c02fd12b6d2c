package io.headwater.spark.reading;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.naming.JobNames;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * What the agent reads of one SQL execution when it starts, in one walk of its plan: immutable.
 *
 * @param lineage the datasets it reads and writes, with column lineage (empty when it is a schema
 *     inference read, when nothing is emitted for it, or when its kind is read at its end: {@link
 *     StaticLineage#readAtEnd})
 * @param schemaInference true when it is one of Spark's own schema-inference reads (it emits
 *     nothing)
 * @param staticKind how it is reported ({@link StaticLineage})
 * @param planPart the executed plan's root, normalised: the middle part of its job name
 * @param sql the SQL text of {@code spark.sql(...)}, when the plan carries it (not yet redacted)
 */
@Internal
public record ExecutionSummary(
    ExecutionLineage lineage,
    boolean schemaInference,
    StaticLineage.Kind staticKind,
    String planPart,
    Optional<String> sql) {
  public ExecutionSummary {
    Objects.requireNonNull(lineage, "lineage");
    Objects.requireNonNull(staticKind, "staticKind");
    Objects.requireNonNull(planPart, "planPart");
    Objects.requireNonNull(sql, "sql");
  }

  /**
   * The reading of {@code execution} given its lineage (from {@link PlanLineageReader}) and kind.
   *
   * @param lineage what the walk read, with its schema-inference flag
   */
  public static ExecutionSummary of(
      QueryExecution execution, PlanLineageReader.Result lineage, StaticLineage.Kind staticKind) {
    return new ExecutionSummary(
        lineage.lineage(),
        lineage.schemaInference(),
        staticKind,
        JobNames.planPart(execution.executedPlan()),
        sqlText(execution));
  }

  /**
   * The SQL text of {@code spark.sql(...)} that made {@code execution}, when its parsed plan
   * carries it (not yet redacted); reads nothing but the parsed plan. The text is that of the
   * plan's root or, as the OpenLineage Spark integration finds it, of the node nearest the root
   * (breadth first) that has one: a DataFrame call on the result of {@code spark.sql} ({@code
   * show()}, {@code collect()}, {@code write}) adds root nodes without SQL text above it.
   */
  public static Optional<String> sqlText(QueryExecution execution) {
    java.util.ArrayDeque<LogicalPlan> pending = new java.util.ArrayDeque<>();
    pending.add(execution.logical());
    while (!pending.isEmpty()) {
      LogicalPlan node = pending.poll();
      Optional<String> text = ScalaCollections.asJava(node.origin().sqlText());
      if (text.isPresent()) {
        return text;
      }
      pending.addAll(ScalaCollections.asJava(node.children()));
    }
    return Optional.empty();
  }
}
