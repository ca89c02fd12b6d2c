package io.headwater.spark.naming;

import java.util.Optional;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.WholeStageCodegenExec;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.command.DataWritingCommandExec;
import org.apache.spark.sql.execution.command.ExecutedCommandExec;
import org.apache.spark.sql.execution.datasources.v2.V2CommandExec;
import org.apache.spark.sql.execution.datasources.v2.V2ExistingTableWriteExec;

/**
 * Job names as the OpenLineage Spark integration forms them, so a user switching agents keeps job
 * identities: {@code <app>.<executed plan root>[.<output suffix>]}, the root node name normalised
 * to snake_case with {@code WholeStageCodegen} unwrapped, e.g. {@code
 * simple_test.execute_insert_into_hadoop_fs_relation_command.tmp_out}.
 *
 * <p>One deliberate difference: Spark 4 wraps a write whose query has an exchange in {@code
 * AdaptiveSparkPlan}, so the root of the same logical write flips between {@code
 * adaptive_spark_plan} and the command depending on the query. When an adaptive plan's root is a
 * command, the command names the job, so a write keeps one name.
 */
public final class JobNames {
  private JobNames() {}

  /** The application's job name: its normalised name, or {@code unknown} when blank. */
  public static String application(String appName) {
    String normalized = appName == null ? "" : NameNormalizer.normalize(appName);
    return normalized.isEmpty() ? "unknown" : normalized;
  }

  /**
   * The job name of a Spark Declarative Pipeline (its updates' runs): its normalised name, or
   * {@code unknown} when blank.
   */
  public static String pipeline(String pipelineName) {
    return application(pipelineName);
  }

  /**
   * The job name of a flow of a pipeline: {@code <pipeline job>.<flow>}, the flow part normalised
   * (e.g. {@code shop.big_order_events}).
   */
  public static String flow(String pipelineJobName, String flowName) {
    return pipelineJobName + "." + NameNormalizer.normalize(flowName);
  }

  /**
   * The job name of a SQL execution run, from its plan part ({@link #planPart}) and its output
   * suffix.
   */
  public static String execution(
      String applicationJobName, String planPart, Optional<String> outputSuffix) {
    StringBuilder name = new StringBuilder(applicationJobName).append('.').append(planPart);
    outputSuffix.ifPresent(suffix -> name.append('.').append(suffix));
    return name.toString();
  }

  /** The plan part of a job name: the executed plan's root node, normalised. */
  public static String planPart(SparkPlan executedPlan) {
    SparkPlan root = namingRoot(executedPlan);
    String name = root.nodeName();
    int space = name.indexOf(' ');
    if (root instanceof V2ExistingTableWriteExec && space > 0) {
      // Spark 4.2 appends the table to the node name of a V2 write ("AppendData testcat.db.t"); the
      // plan part stays the node's own name, as on every other Spark (the table is the suffix)
      name = name.substring(0, space);
    }
    return NameNormalizer.normalize(name);
  }

  private static SparkPlan namingRoot(SparkPlan executedPlan) {
    SparkPlan root =
        executedPlan instanceof WholeStageCodegenExec codegen ? codegen.child() : executedPlan;
    if (root instanceof AdaptiveSparkPlanExec adaptive && isCommand(adaptive.inputPlan())) {
      return adaptive.inputPlan();
    }
    return root;
  }

  private static boolean isCommand(SparkPlan plan) {
    return plan instanceof DataWritingCommandExec
        || plan instanceof ExecutedCommandExec
        || plan instanceof V2CommandExec;
  }
}
