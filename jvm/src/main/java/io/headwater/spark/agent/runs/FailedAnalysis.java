package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.ScalaCollections;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart;

/**
 * Tells, from Spark's listener events alone, the SQL execution Spark reports for a query whose
 * analysis failed, whose {@code QueryExecution} the agent must not read.
 *
 * <p>Why: from Spark 4.0, when a DataFrame's analysis fails (an {@code AnalysisException} such as
 * {@code AMBIGUOUS_REFERENCE}), {@code QueryExecution.assertAnalyzed} posts a start and an end for
 * it through {@code SQLExecution.withNewExecutionIdOnError(qe, Some("analyze"))}, then the user
 * gets the exception. Any plan of that {@code QueryExecution} re-throws the cached analysis
 * failure: its {@code LazyTry} re-throws the <em>same</em> exception object with the caller's
 * frames spliced into its stack trace ({@code Utils.getTryWithCallerStacktrace}), so the user's
 * exception, as later logged or shown, would name the agent's frames. Asking the {@code
 * QueryExecution} whether analysis failed would be the same trap (its state is private and lazy),
 * so the events decide:
 *
 * <ul>
 *   <li>the start: {@code physicalPlanDescription} empty and {@code sparkPlanInfo} {@code
 *       SparkPlanInfo.EMPTY} (node name empty) — only that path posts them; an execution that runs
 *       carries its plan's description, or a placeholder when {@code spark.sql.ui.explainMode} is
 *       {@code none};
 *   <li>the end: {@code executionName} {@code "analyze"}, the name only that path gives.
 * </ul>
 *
 * <p>The same in every Spark 4 line (the same fields and the same {@code assertAnalyzed}); Spark
 * 3.5 posts no execution for a failed analysis (its {@code assertAnalyzed} only throws), so the
 * agent never sees one there. No version seam.
 */
@Internal
public final class FailedAnalysis {
  /** The execution name {@code QueryExecution.assertAnalyzed} gives its failure's execution. */
  static final String EXECUTION_NAME = "analyze";

  private FailedAnalysis() {}

  /** True when {@code event} is the start Spark posts for a query whose analysis failed. */
  public static boolean isStart(Object event) {
    return event instanceof SparkListenerSQLExecutionStart start
        && start.physicalPlanDescription().isEmpty()
        && start.sparkPlanInfo() != null
        && start.sparkPlanInfo().nodeName().isEmpty();
  }

  /** True when {@code event} is the end Spark posts for a query whose analysis failed. */
  public static boolean isEnd(Object event) {
    return event instanceof SparkListenerSQLExecutionEnd end
        && end.executionName() != null
        && ScalaCollections.asJava(end.executionName()).filter(EXECUTION_NAME::equals).isPresent();
  }
}
