package io.headwater.spark.connectors.delta;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.naming.FileDatasetNames;
import io.openlineage.client.utils.DatasetIdentifier;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What Headwater knows about Delta Lake's plan nodes, without linking against Delta (its classes
 * are not on the agent's class path and never bundled): nodes are recognised by class name and read
 * through their public accessors by reflection, so a session without Delta never touches any of
 * this.
 *
 * <ul>
 *   <li>{@code org.apache.spark.sql.delta.commands.MergeIntoCommand}, {@code UpdateCommand} and
 *       {@code DeleteCommand} (Delta 4.x, the optimized-plan roots of {@code MERGE INTO}, {@code
 *       UPDATE} and {@code DELETE}) all expose {@code target(): LogicalPlan}, the plan reading the
 *       target table; {@code MergeIntoCommand} also {@code source(): LogicalPlan}. Neither is a
 *       child of the (leaf) command.
 *   <li>{@code org.apache.spark.sql.delta.sources.DeltaDataSource} is the data source of {@code
 *       df.write.format("delta").save(path)} ({@code SaveIntoDataSourceCommand}).
 *   <li>A Delta table keeps its transaction log in {@code <table>/_delta_log}; Delta reads it with
 *       Spark jobs of its own (JSON commits, parquet checkpoints), which are bookkeeping, not
 *       lineage.
 * </ul>
 */
@Internal
public final class DeltaSupport {

  /** Delta's {@code MERGE INTO} command, by simple name ({@link #commandClass}). */
  public static final String MERGE_INTO = "MergeIntoCommand";

  /** Delta's {@code UPDATE} command, by simple name ({@link #commandClass}). */
  public static final String UPDATE = "UpdateCommand";

  /** Delta's {@code DELETE} command, by simple name ({@link #commandClass}). */
  public static final String DELETE = "DeleteCommand";

  private static final String COMMANDS = "org.apache.spark.sql.delta.commands.";
  private static final Set<String> ROW_LEVEL_COMMANDS =
      Set.of(COMMANDS + MERGE_INTO, COMMANDS + UPDATE, COMMANDS + DELETE);
  private static final String MERGE = COMMANDS + MERGE_INTO;
  private static final String DATA_SOURCE = "org.apache.spark.sql.delta.sources.DeltaDataSource";
  private static final String SINK = "org.apache.spark.sql.delta.sources.DeltaSink";

  private static final Logger LOG = LoggerFactory.getLogger(DeltaSupport.class);
  private static final AtomicBoolean WARNED = new AtomicBoolean();

  /** Lookups by context class loader (weakly held, so a discarded loader is not kept alive). */
  private static final Map<ClassLoader, Map<String, Optional<Class<? extends LogicalPlan>>>>
      LOOKUPS = new WeakHashMap<>();

  private DeltaSupport() {}

  /** True for a Delta {@code MERGE INTO}, {@code UPDATE} or {@code DELETE} command. */
  public static boolean isRowLevelCommand(LogicalPlan node) {
    return ROW_LEVEL_COMMANDS.contains(node.getClass().getName());
  }

  /**
   * The plan-node class of Delta command {@code simpleName} ({@link #MERGE_INTO}, {@link #UPDATE},
   * {@link #DELETE}) when Delta Lake is on the class path, looked up by name: through the current
   * thread's context class loader (where Spark puts {@code spark.jars} and {@code --packages}),
   * then the agent's own; empty without Delta (or when the name is not a plan node there).
   *
   * <p>The answer is remembered per context class loader: the built-in visitors are made for every
   * execution, and a lookup of a class that is absent scans every jar on the class path each time
   * (the JVM does not remember misses) — a profile of many small executions showed that as the
   * agent's largest cost (docs/performance.md).
   */
  public static Optional<Class<? extends LogicalPlan>> commandClass(String simpleName) {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    synchronized (LOOKUPS) {
      return LOOKUPS
          .computeIfAbsent(context, loader -> new HashMap<>())
          .computeIfAbsent(simpleName, name -> lookUp(COMMANDS + name, context));
    }
  }

  private static Optional<Class<? extends LogicalPlan>> lookUp(String name, ClassLoader context) {
    for (ClassLoader loader : new ClassLoader[] {context, DeltaSupport.class.getClassLoader()}) {
      if (loader == null) {
        continue;
      }
      try {
        Class<?> found = Class.forName(name, false, loader);
        if (LogicalPlan.class.isAssignableFrom(found)) {
          return Optional.of(found.asSubclass(LogicalPlan.class));
        }
      } catch (ClassNotFoundException | LinkageError e) {
        // not visible from this loader: try the next
      }
    }
    return Optional.empty();
  }

  /** The plan reading the table a Delta MERGE/UPDATE/DELETE writes; empty for any other node. */
  static Optional<LogicalPlan> rowLevelTarget(LogicalPlan node) {
    return isRowLevelCommand(node) ? plan(node, "target") : Optional.empty();
  }

  /**
   * The plans a Delta command reads that are not among its children or inner children: the source
   * and the target of a {@code MergeIntoCommand}; none for any other node.
   */
  public static List<LogicalPlan> hiddenQueries(LogicalPlan node) {
    if (!MERGE.equals(node.getClass().getName())) {
      return List.of();
    }
    return java.util.stream.Stream.of(plan(node, "source"), plan(node, "target"))
        .flatMap(Optional::stream)
        .toList();
  }

  /** True for Delta's streaming sink ({@code writeStream.format("delta")}, {@code toTable}). */
  static boolean isDeltaSink(Object sink) {
    return sink != null && SINK.equals(sink.getClass().getName());
  }

  /**
   * The identity of the Delta table at {@code path} ({@link FileDatasetNames}): a relative path is
   * qualified against the file system's working directory, as Delta does.
   *
   * @throws java.io.UncheckedIOException when the path's file system cannot qualify it
   */
  static DatasetIdentifier pathIdentity(OpenLineageContext context, String path) {
    Path location = new Path(path);
    try {
      Path qualified =
          context.sparkSession().isPresent()
              ? location
                  .getFileSystem(context.sparkSession().get().sessionState().newHadoopConf())
                  .makeQualified(location)
              : location;
      return FileDatasetNames.of(qualified.toUri());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot qualify the Delta table path " + location, e);
    }
  }

  /** True when {@code dataSource} (a {@code SaveIntoDataSourceCommand}'s) is Delta's. */
  static boolean isDeltaDataSource(Object dataSource) {
    return dataSource != null && DATA_SOURCE.equals(dataSource.getClass().getName());
  }

  /**
   * {@code node.<accessor>()}; empty (logged once) when this Delta version has no such accessor.
   */
  private static Optional<LogicalPlan> plan(LogicalPlan node, String accessor) {
    try {
      Method method = node.getClass().getMethod(accessor);
      Object value = method.invoke(node);
      return value instanceof LogicalPlan plan ? Optional.of(plan) : Optional.empty();
    } catch (ReflectiveOperationException | RuntimeException e) {
      if (WARNED.compareAndSet(false, true)) {
        LOG.warn(
            "Headwater: Delta command {} has no usable {}() (an unsupported Delta version?); its"
                + " table is not reported: {}",
            node.getClass().getName(),
            accessor,
            e.toString());
      }
      return Optional.empty();
    }
  }
}
