package io.headwater.spark.facets;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.config.Redaction;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The {@code debug} run facet, named and shaped as the OpenLineage Spark integration's (its {@code
 * DebugRunFacet}), with the subset of its content that is safe to send:
 *
 * <ul>
 *   <li>{@code classpath}: {@code openLineageVersion} (the OpenLineage client Headwater runs),
 *       {@code headwaterVersion}, {@code sparkVersion}, {@code scalaVersion}, {@code jars} (Spark's
 *       added jars, credentials removed) and {@code classDetails} (for Delta Lake's catalog,
 *       Iceberg's catalog and the BigQuery connector: {@code className}, {@code onClasspath},
 *       {@code packageVersion});
 *   <li>{@code system}: {@code sparkDeployMode}, {@code javaVersion}, {@code javaVendor}, {@code
 *       osArch}, {@code osName}, {@code osVersion}, {@code userLanguage}, {@code userTimezone};
 *   <li>{@code config}: {@code extraListeners}, {@code catalogClass} (the class of the session's
 *       {@code spark.catalog}), {@code extensions} ({@code spark.sql.extensions});
 *   <li>{@code logicalPlan}: {@code {"nodes": [{"id", "desc", "children"}]}}, the analyzed plan's
 *       nodes in pre-order (at most {@value #MAX_NODES}), {@code id} {@code <nodeName>@<n>}, {@code
 *       desc} the node's name as Spark prints it ({@code Relation}, {@code Filter}; the integration
 *       writes the node's whole subtree with its arguments, literals and options included), {@code
 *       children} their ids; absent for a run without a plan;
 *   <li>{@code memory} (Headwater's: the integration's source has it, its 1.53 output not): {@code
 *       sparkConfDriverMemory} and the driver's other memory settings when set, and the driver
 *       JVM's {@code freeMemory}, {@code totalMemory}, {@code maxMemory} in MiB;
 *   <li>{@code logs}: why the facet is there for a smart debug facet ({@code No input datasets
 *       detected}, {@code No output datasets detected}).
 * </ul>
 *
 * <p>{@code metrics}: in place of the integration's Micrometer meters, Headwater's own delivery
 * counters when the event was built ({@code emitted}, {@code delivered}, {@code retried}, {@code
 * spooled}, {@code replayed}, {@code dropped}: whole numbers since the agent started; {@code
 * endpointDown}), as {@code headwater.status()} gives them, without the spool's path: numbers and a
 * flag, so nothing in it can carry a secret.
 *
 * <p>Left out: the integration's {@code config.openLineageConfig} (the agent's whole configuration,
 * transport credentials included). Schema: {@code DebugRunFacet.json} beside this class.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
  "_producer",
  "_schemaURL",
  "classpath",
  "system",
  "config",
  "logicalPlan",
  "memory",
  "metrics",
  "logs"
})
@Internal
public final class DebugRunFacet extends CustomRunFacet {
  /** The facet's key in {@code run.facets}. */
  public static final String NAME = "debug";

  /** The most plan nodes the facet lists. */
  public static final int MAX_NODES = 500;

  private static final List<String> CLASSES =
      List.of(
          "org.apache.spark.sql.delta.catalog.DeltaCatalog",
          "org.apache.iceberg.catalog.Catalog",
          "com.google.cloud.spark.bigquery.BigQueryRelation");

  /** The driver's memory settings: field name → Spark key. */
  private static final Map<String, String> DRIVER_MEMORY =
      Map.of(
          "sparkConfDriverMemory", "spark.driver.memory",
          "sparkConfDriverMemoryOverhead", "spark.driver.memoryOverhead",
          "sparkConfDriverMinMemoryOverhead", "spark.driver.minMemoryOverhead",
          "sparkConfDriverMemoryOverheadFactor", "spark.driver.memoryOverheadFactor");

  private static final long MIB = 1024L * 1024L;

  private final Map<String, Object> classpath;
  private final Map<String, Object> system;
  private final Map<String, Object> config;
  private final Map<String, Object> logicalPlan;
  private final Map<String, Object> memory;
  private final Map<String, Object> metrics;
  private final List<String> logs;

  private DebugRunFacet(URI producer, Map<String, Map<String, Object>> parts, List<String> logs) {
    super(producer);
    this.classpath = parts.get("classpath");
    this.system = parts.get("system");
    this.config = parts.get("config");
    this.logicalPlan = parts.get("logicalPlan");
    this.memory = parts.get("memory");
    this.metrics = parts.get("metrics");
    this.logs = List.copyOf(logs);
  }

  /**
   * The facet of a run of {@code context}.
   *
   * @param session the run's session, when known
   * @param plan the run's analyzed plan, when it has one
   * @param logs why the facet is sent (empty when it is always on)
   * @param metrics Headwater's delivery counters, by name (numbers and flags only)
   * @param redaction what must not leave the process (applied to every text taken from settings)
   */
  public static DebugRunFacet of(
      URI producer,
      SparkContext context,
      Optional<SparkSession> session,
      Optional<LogicalPlan> plan,
      List<String> logs,
      Map<String, Object> metrics,
      Redaction redaction) {
    Map<String, Map<String, Object>> parts = new LinkedHashMap<>();
    parts.put("classpath", classpath(context, redaction));
    parts.put("system", system(context));
    Map<String, Object> config = new LinkedHashMap<>();
    putSetting(config, "extraListeners", context, "spark.extraListeners", redaction);
    session.ifPresent(s -> config.put("catalogClass", s.catalog().getClass().getName()));
    putSetting(config, "extensions", context, "spark.sql.extensions", redaction);
    parts.put("config", config);
    parts.put("logicalPlan", plan.map(DebugRunFacet::nodes).orElse(null));
    Map<String, Object> memory = new LinkedHashMap<>();
    new java.util.TreeMap<>(DRIVER_MEMORY)
        .forEach((name, key) -> putSetting(memory, name, context, key, redaction));
    Runtime runtime = Runtime.getRuntime();
    memory.put("freeMemory", runtime.freeMemory() / MIB);
    memory.put("totalMemory", runtime.totalMemory() / MIB);
    memory.put("maxMemory", runtime.maxMemory() / MIB);
    parts.put("memory", memory);
    parts.put("metrics", new LinkedHashMap<>(metrics));
    return new DebugRunFacet(producer, parts, logs);
  }

  @JsonProperty("classpath")
  public Map<String, Object> getClasspath() {
    return classpath;
  }

  @JsonProperty("system")
  public Map<String, Object> getSystem() {
    return system;
  }

  @JsonProperty("config")
  public Map<String, Object> getConfig() {
    return config;
  }

  @JsonProperty("logicalPlan")
  public Map<String, Object> getLogicalPlan() {
    return logicalPlan;
  }

  @JsonProperty("memory")
  public Map<String, Object> getMemory() {
    return memory;
  }

  @JsonProperty("metrics")
  public Map<String, Object> getMetrics() {
    return metrics;
  }

  @JsonProperty("logs")
  public List<String> getLogs() {
    return logs;
  }

  private static Map<String, Object> classpath(SparkContext context, Redaction redaction) {
    Map<String, Object> classpath = new LinkedHashMap<>();
    classpath.put("openLineageVersion", packageVersion(io.openlineage.client.OpenLineage.class));
    classpath.put("headwaterVersion", HeadwaterVersion.VERSION);
    classpath.put("sparkVersion", context.version());
    classpath.put("scalaVersion", scala.util.Properties.versionNumberString());
    classpath.put(
        "jars", ScalaCollections.asJava(context.listJars()).stream().map(redaction::text).toList());
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    List<Map<String, Object>> details = new ArrayList<>();
    for (String name : CLASSES) {
      Map<String, Object> detail = new LinkedHashMap<>();
      detail.put("className", name);
      try {
        Class<?> found =
            Class.forName(
                name, false, loader == null ? DebugRunFacet.class.getClassLoader() : loader);
        detail.put("onClasspath", true);
        detail.put("packageVersion", packageVersion(found));
      } catch (ClassNotFoundException | LinkageError e) {
        detail.put("onClasspath", false);
      }
      details.add(detail);
    }
    classpath.put("classDetails", details);
    return classpath;
  }

  private static String packageVersion(Class<?> type) {
    Package of = type.getPackage();
    return of == null ? null : of.getImplementationVersion();
  }

  private static Map<String, Object> system(SparkContext context) {
    Map<String, Object> system = new LinkedHashMap<>();
    system.put("sparkDeployMode", context.deployMode());
    system.put("javaVersion", System.getProperty("java.version"));
    system.put("javaVendor", System.getProperty("java.vendor"));
    system.put("osArch", System.getProperty("os.arch"));
    system.put("osName", System.getProperty("os.name"));
    system.put("osVersion", System.getProperty("os.version"));
    system.put("userLanguage", System.getProperty("user.language"));
    system.put("userTimezone", java.util.TimeZone.getDefault().getID());
    system.values().removeIf(java.util.Objects::isNull);
    return system;
  }

  private static void putSetting(
      Map<String, Object> into,
      String name,
      SparkContext context,
      String key,
      Redaction redaction) {
    scala.Option<String> value = context.getConf().getOption(key);
    if (value.isDefined()) {
      into.put(name, redaction.property(key, value.get()));
    }
  }

  private static Map<String, Object> nodes(LogicalPlan root) {
    List<Map<String, Object>> nodes = new ArrayList<>();
    java.util.IdentityHashMap<LogicalPlan, String> ids = new java.util.IdentityHashMap<>();
    ArrayDeque<LogicalPlan> pending = new ArrayDeque<>();
    pending.push(root);
    while (!pending.isEmpty() && nodes.size() < MAX_NODES) {
      LogicalPlan node = pending.pop();
      List<LogicalPlan> children = ScalaCollections.asJava(node.children());
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("id", id(node, ids));
      entry.put("desc", name(node));
      entry.put("children", children.stream().map(child -> id(child, ids)).toList());
      nodes.add(entry);
      for (int i = children.size() - 1; i >= 0; i--) {
        pending.push(children.get(i));
      }
    }
    return Map.of("nodes", nodes);
  }

  /** The node's name as Spark prints it first in a plan ({@code Relation}, {@code Filter}). */
  private static String name(LogicalPlan node) {
    try {
      String printed = node.simpleString(0).strip();
      int end = printed.indexOf(' ');
      return end < 0 ? printed : printed.substring(0, end);
    } catch (RuntimeException e) {
      return node.nodeName();
    }
  }

  private static String id(LogicalPlan node, java.util.IdentityHashMap<LogicalPlan, String> ids) {
    return ids.computeIfAbsent(node, n -> n.nodeName() + "@" + (ids.size() + 1));
  }
}
