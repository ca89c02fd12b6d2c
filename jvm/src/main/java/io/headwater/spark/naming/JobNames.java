package io.headwater.spark.naming;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.JobNameStyle;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.catalyst.plans.logical.Command;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.WholeStageCodegenExec;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.command.DataWritingCommandExec;
import org.apache.spark.sql.execution.command.ExecutedCommandExec;
import org.apache.spark.sql.execution.datasources.v2.V2CommandExec;
import org.apache.spark.sql.execution.datasources.v2.V2ExistingTableWriteExec;

/**
 * Job names formed as the OpenLineage Spark integration forms them: {@code <app>.<executed plan
 * root>[.<output suffix>]}, the root node name normalised to snake_case with {@code
 * WholeStageCodegen} unwrapped, e.g. {@code
 * simple_test.execute_insert_into_hadoop_fs_relation_command.tmp_out}. Two styles ({@link
 * JobNameStyle}):
 *
 * <ul>
 *   <li>{@code headwater} (the default) keeps one name per logical write: Spark 4 wraps a write
 *       whose query has an exchange in {@code AdaptiveSparkPlan}, so the root of the same write
 *       flips between {@code adaptive_spark_plan} and the command depending on the query; when an
 *       adaptive plan's root is a command, the command names the job. A catalog table's suffix is
 *       {@code <db>_<table>}.
 *   <li>{@code openlineage} gives the names openlineage-spark 1.53 gives on Spark 4.1: {@code
 *       adaptive_spark_plan} for an adaptive write; for {@code
 *       execute_insert_into_hadoop_fs_relation_command}, {@code execute_insert_into_hive_table},
 *       {@code execute_truncate_table_command} and {@code execute_create_table_command} (a Hive
 *       {@code CREATE TABLE}) the suffix of the output's location (last two path segments of the
 *       partition-trimmed path, {@code warehouse_t1}), not of its table name; {@code drop_table},
 *       {@code execute_alter_table_add_columns_command} and {@code
 *       execute_alter_table_rename_command} without a suffix; a {@code saveAsTable} named after the
 *       CTAS it runs ({@code execute_create_data_source_table_as_select_command}); a streaming
 *       query's run after the executed plan of its micro-batch, without a suffix (the integration
 *       reports no outputs for it). Every other name is the same in both styles.
 * </ul>
 *
 * <p>A read-only run (inputs, no output) is named in Headwater's style after what it does and what
 * it reads, {@code <app>.<action>.<first input>} ({@link #readAction}, {@link #inputSuffix}), e.g.
 * {@code etl.collect.default_flights}; in the {@code openlineage} style after its executed plan's
 * root with no suffix, as openlineage-spark names it (e.g. {@code etl.adaptive_spark_plan}).
 */
@Internal
public final class JobNames {
  /** Plan parts whose suffix openlineage-spark takes from the output's location. */
  private static final Set<String> LOCATION_SUFFIXED =
      Set.of(
          "execute_insert_into_hadoop_fs_relation_command",
          "execute_create_table_command",
          "execute_insert_into_hive_table",
          "execute_truncate_table_command");

  /** Plan parts openlineage-spark gives no suffix. */
  private static final Set<String> UNSUFFIXED =
      Set.of(
          "drop_table",
          "execute_alter_table_add_columns_command",
          "execute_alter_table_rename_command");

  private static final String SAVE_AS_TABLE = "execute_save_as_v1_table_command";
  private static final String DATA_SOURCE_CTAS =
      "execute_create_data_source_table_as_select_command";

  /**
   * Spark's short call site, {@code <method> at <file>:<line>}: the method the user's code called
   * (PySpark's own call-site tracking names the Python method, otherwise Spark names the JVM
   * method).
   */
  private static final Pattern CALL_SITE =
      Pattern.compile("([A-Za-z_][A-Za-z0-9_]*) at \\S.*:\\d+");

  /** JVM methods PySpark calls through py4j without a call site, by the Python method calling. */
  private static final Map<String, String> PY4J_ENTRY_POINTS = Map.of("showString", "show");

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
   * suffix ({@link #suffix}).
   */
  public static String execution(
      String applicationJobName, String planPart, Optional<String> outputSuffix) {
    StringBuilder name = new StringBuilder(applicationJobName).append('.').append(planPart);
    outputSuffix.ifPresent(suffix -> name.append('.').append(suffix));
    return name.toString();
  }

  /**
   * The plan part of the job name of a query whose analysis failed, which has no executed plan: its
   * parsed (unresolved) plan's root node, normalised (e.g. {@code project}, {@code
   * insert_into_dir}), in either style.
   */
  public static String parsedPlanPart(LogicalPlan parsed) {
    return NameNormalizer.normalize(parsed.nodeName());
  }

  /** The plan part of a job name in Headwater's style. */
  public static String planPart(SparkPlan executedPlan) {
    return planPart(executedPlan, JobNameStyle.HEADWATER);
  }

  /** The plan part of a job name: the executed plan's root node, normalised, in {@code style}. */
  public static String planPart(SparkPlan executedPlan, JobNameStyle style) {
    SparkPlan root =
        executedPlan instanceof WholeStageCodegenExec codegen ? codegen.child() : executedPlan;
    if (style == JobNameStyle.HEADWATER) {
      if (root instanceof AdaptiveSparkPlanExec adaptive && isCommand(adaptive.inputPlan())) {
        root = adaptive.inputPlan();
      }
      String name = root.nodeName();
      int space = name.indexOf(' ');
      if (root instanceof V2ExistingTableWriteExec && space > 0) {
        // Spark 4.2 appends the table to the node name of a V2 write ("AppendData testcat.db.t");
        // the
        // plan part stays the node's own name, as on every other Spark (the table is the suffix)
        name = name.substring(0, space);
      }
      return NameNormalizer.normalize(name);
    }
    String part = NameNormalizer.normalize(root.nodeName());
    return SAVE_AS_TABLE.equals(part) ? DATA_SOURCE_CTAS : part;
  }

  /**
   * The output suffix of a run's job name in {@code style}.
   *
   * @param planPart the run's plan part ({@link #planPart})
   * @param visitorSuffix the suffix the output visitors gave (Headwater's)
   * @param firstOutput the name of the run's first output (a path for file-system datasets)
   * @param streaming true for a streaming query's run
   */
  public static Optional<String> suffix(
      JobNameStyle style,
      String planPart,
      Optional<String> visitorSuffix,
      Optional<String> firstOutput,
      boolean streaming) {
    if (style == JobNameStyle.HEADWATER) {
      return visitorSuffix;
    }
    if (streaming || UNSUFFIXED.contains(planPart)) {
      return Optional.empty();
    }
    if (LOCATION_SUFFIXED.contains(planPart) && firstOutput.isPresent()) {
      return firstOutput.map(FileDatasetNames::jobNameSuffix);
    }
    return visitorSuffix;
  }

  /**
   * The plan part of a read-only run's job name in Headwater's style: the action that ran it, as
   * Spark's call site for the execution names it (the first word of a description {@code <method>
   * at <file>:<line>}: {@code collect}, {@code count}, {@code take}, {@code head}, {@code first},
   * {@code to_pandas}, {@code show} for PySpark's {@code showString}), normalised. When the
   * description is no call site (a job description the user set with {@code setJobDescription}, a
   * Spark Connect execution), the executed plan's root, {@code WholeStageCodegen} and an adaptive
   * plan unwrapped (the root Spark planned before adaptive execution, e.g. {@code
   * take_ordered_and_project}, {@code hash_aggregate}).
   *
   * <p>Null for a command ({@code analyzed} a {@link Command}: a write, DDL): a command keeps its
   * own name even when no output dataset of it is known (a write to a data source no visitor
   * handles is still a write, {@code execute_save_into_data_source_command}).
   *
   * @param description the execution's description ({@code
   *     SparkListenerSQLExecutionStart.description}), or null when unknown
   * @param analyzed the execution's analysed logical plan
   * @param executedPlan the execution's executed plan
   */
  public static String readAction(
      String description, LogicalPlan analyzed, SparkPlan executedPlan) {
    if (analyzed instanceof Command) {
      return null;
    }
    Matcher callSite = CALL_SITE.matcher(description == null ? "" : description.trim());
    if (callSite.matches()) {
      String method = callSite.group(1);
      return NameNormalizer.normalize(PY4J_ENTRY_POINTS.getOrDefault(method, method));
    }
    SparkPlan root = unwrapCodegen(executedPlan);
    if (root instanceof AdaptiveSparkPlanExec adaptive) {
      root = unwrapCodegen(adaptive.inputPlan());
    }
    return NameNormalizer.normalize(root.nodeName());
  }

  /**
   * The suffix of a read-only run's job name: the short name of its first input, normalised — a
   * catalog table's {@code <db>_<table>} (the last two parts of its {@code symlinks} TABLE name),
   * otherwise the last two segments of the dataset's name ({@code <dir>_<file>} for a path, the
   * whole name for a dotted one such as JDBC's {@code <db>_<schema>_<table>}).
   */
  public static String inputSuffix(OpenLineage.InputDataset input) {
    OpenLineage.SymlinksDatasetFacet symlinks =
        input.getFacets() == null ? null : input.getFacets().getSymlinks();
    List<OpenLineage.SymlinksDatasetFacetIdentifiers> identifiers =
        symlinks == null || symlinks.getIdentifiers() == null
            ? List.of()
            : symlinks.getIdentifiers();
    for (OpenLineage.SymlinksDatasetFacetIdentifiers identifier : identifiers) {
      if ("TABLE".equals(identifier.getType())) {
        String[] parts = identifier.getName().split("\\.");
        int from = Math.max(0, parts.length - 2);
        return NameNormalizer.normalize(
            String.join("_", java.util.Arrays.copyOfRange(parts, from, parts.length)));
      }
    }
    String name = input.getName();
    return NameNormalizer.normalize(
        name.contains("/") ? FileDatasetNames.jobNameSuffix(name) : name);
  }

  private static SparkPlan unwrapCodegen(SparkPlan plan) {
    return plan instanceof WholeStageCodegenExec codegen ? codegen.child() : plan;
  }

  private static boolean isCommand(SparkPlan plan) {
    return plan instanceof DataWritingCommandExec
        || plan instanceof ExecutedCommandExec
        || plan instanceof V2CommandExec;
  }
}
