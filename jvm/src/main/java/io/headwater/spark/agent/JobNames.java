package io.headwater.spark.agent;

import java.util.Optional;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.WholeStageCodegenExec;

/**
 * Job names as the OpenLineage Spark integration forms them, so a user switching agents keeps job identities:
 * {@code <app>.<executed plan root>[.<output suffix>]}, the root node name normalised to snake_case with
 * {@code WholeStageCodegen} unwrapped, e.g. {@code simple_test.execute_insert_into_hadoop_fs_relation_command.tmp_out}.
 */
final class JobNames {
  private JobNames() {}

  /** The application's job name: its normalised name, or {@code unknown} when blank. */
  static String application(String appName) {
    String normalized = appName == null ? "" : NameNormalizer.normalize(appName);
    return normalized.isEmpty() ? "unknown" : normalized;
  }

  /** The job name of a SQL execution run. */
  static String execution(String applicationJobName, SparkPlan executedPlan, Optional<String> outputSuffix) {
    StringBuilder name = new StringBuilder(applicationJobName);
    if (executedPlan != null) {
      SparkPlan root = executedPlan instanceof WholeStageCodegenExec codegen ? codegen.child() : executedPlan;
      name.append('.').append(NameNormalizer.normalize(root.nodeName()));
    }
    outputSuffix.ifPresent(suffix -> name.append('.').append(suffix));
    return name.toString();
  }
}
