package io.headwater.spark.junit;

import io.headwater.spark.compat.ScalaCollections;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.TimeoutException;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.parser.ParseException;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.CommandExecutionMode;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd;

/**
 * Real plans from the shared session ({@link LocalSpark}), the way the agent gets them: the {@link
 * QueryExecution} of each SQL execution an action runs, taken from Spark's {@code
 * SparkListenerSQLExecutionEnd} events (the agent visits {@code optimizedPlan()}, or a
 * micro-batch's {@code logical()}); or the plan of a statement that is analysed and optimized but
 * not run.
 */
public final class Executions {
  private static final List<QueryExecution> CAPTURED = new ArrayList<>();
  private static final Map<QueryExecution, Long> IDS = new WeakHashMap<>();
  private static boolean listening;

  private Executions() {}

  /** The executions {@code action} runs on the shared session, in the order they end. */
  public static List<QueryExecution> of(Runnable action) {
    SparkSession spark = LocalSpark.session();
    listen(spark);
    drain(spark);
    synchronized (CAPTURED) {
      CAPTURED.clear();
    }
    action.run();
    drain(spark);
    synchronized (CAPTURED) {
      List<QueryExecution> executions = List.copyOf(CAPTURED);
      CAPTURED.clear();
      return executions;
    }
  }

  /** {@link #of} for {@code spark.sql(sql)} (a query is collected). */
  public static List<QueryExecution> ofSql(String sql) {
    return of(() -> LocalSpark.session().sql(sql).collect());
  }

  /**
   * The optimized plan of the first execution {@code action} runs whose root is a {@code type}.
   *
   * @throws AssertionError naming the roots it saw when none is
   */
  public static <T extends LogicalPlan> T root(Class<T> type, Runnable action) {
    return type.cast(execution(type, action).optimizedPlan());
  }

  /**
   * The first execution {@code action} runs whose optimized plan's root is a {@code type}.
   *
   * @throws AssertionError naming the roots it saw when none is
   */
  public static QueryExecution execution(Class<? extends LogicalPlan> type, Runnable action) {
    List<String> roots = new ArrayList<>();
    for (QueryExecution execution : of(action)) {
      LogicalPlan root = execution.optimizedPlan();
      if (type.isInstance(root)) {
        return execution;
      }
      roots.add(root.nodeName());
    }
    throw new AssertionError("no execution with a " + type.getSimpleName() + " root: " + roots);
  }

  /** {@link #execution(Class, Runnable)} for {@code spark.sql(sql)}. */
  public static QueryExecution executionOfSql(Class<? extends LogicalPlan> type, String sql) {
    return execution(type, () -> LocalSpark.session().sql(sql).collect());
  }

  /**
   * The SQL execution id ({@code spark.sql.execution.id}) Spark gave {@code execution}, one {@link
   * #of} captured.
   *
   * @throws AssertionError when it was not captured
   */
  public static long idOf(QueryExecution execution) {
    synchronized (CAPTURED) {
      Long id = IDS.get(execution);
      if (id == null) {
        throw new AssertionError("not a captured execution: " + execution.logical().nodeName());
      }
      return id;
    }
  }

  /** {@link #root(Class, Runnable)} for {@code spark.sql(sql)}. */
  public static <T extends LogicalPlan> T rootOfSql(Class<T> type, String sql) {
    return root(type, () -> LocalSpark.session().sql(sql).collect());
  }

  /**
   * The optimized plan of {@code sql} analysed against the session's catalogs as they are now,
   * without running it (a command is not executed): what the agent reads at an execution's start.
   */
  public static LogicalPlan planned(String sql) {
    SparkSession spark = LocalSpark.session();
    LogicalPlan parsed;
    try {
      parsed = spark.sessionState().sqlParser().parsePlan(sql);
    } catch (ParseException e) {
      throw new IllegalArgumentException("not a statement: " + sql, e);
    }
    return spark.sessionState().executePlan(parsed, CommandExecutionMode.SKIP()).optimizedPlan();
  }

  /** The optimized plan of query {@code sql} (a SELECT), not run. */
  public static LogicalPlan optimized(String sql) {
    return LocalSpark.session().sql(sql).queryExecution().optimizedPlan();
  }

  private static synchronized void listen(SparkSession spark) {
    if (!listening) {
      spark.sparkContext().addSparkListener(new Capture());
      listening = true;
    }
  }

  /**
   * The first node of {@code type} in {@code plan}, depth first, parents first; its children and
   * inner children (a command's query) are searched.
   *
   * @throws AssertionError when there is none
   */
  public static <T extends LogicalPlan> T first(LogicalPlan plan, Class<T> type) {
    return find(plan, type)
        .orElseThrow(() -> new AssertionError("no " + type.getSimpleName() + " in\n" + plan));
  }

  private static <T extends LogicalPlan> Optional<T> find(LogicalPlan plan, Class<T> type) {
    if (type.isInstance(plan)) {
      return Optional.of(type.cast(plan));
    }
    List<LogicalPlan> below = new ArrayList<>(ScalaCollections.asJava(plan.children()));
    for (Object inner : ScalaCollections.asJava(plan.innerChildren())) {
      if (inner instanceof LogicalPlan innerPlan) {
        below.add(innerPlan);
      }
    }
    for (LogicalPlan child : below) {
      Optional<T> found = find(child, type);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  /**
   * Waits until Spark's listener bus of {@code spark} has delivered every event posted so far.
   *
   * @throws IllegalStateException the bus did not drain within Spark's own timeout
   */
  public static void drain(SparkSession spark) {
    try {
      spark.sparkContext().listenerBus().waitUntilEmpty();
    } catch (TimeoutException e) {
      throw new IllegalStateException("Spark's listener bus did not drain", e);
    }
  }

  private static final class Capture extends SparkListener {
    @Override
    public void onOtherEvent(SparkListenerEvent event) {
      if (event instanceof SparkListenerSQLExecutionEnd end && end.qe() != null) {
        synchronized (CAPTURED) {
          CAPTURED.add(end.qe());
          IDS.put(end.qe(), end.executionId());
        }
      }
    }
  }
}
