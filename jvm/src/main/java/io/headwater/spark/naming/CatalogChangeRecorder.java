package io.headwater.spark.naming;

import io.headwater.spark.annotation.Internal;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.catalyst.catalog.AlterTablePreEvent;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.catalog.CreateTablePreEvent;
import org.apache.spark.sql.catalyst.catalog.DropTablePreEvent;
import org.apache.spark.sql.catalyst.catalog.ExternalCatalogEvent;
import org.apache.spark.sql.catalyst.catalog.ExternalCatalogEventListener;
import org.apache.spark.sql.catalyst.catalog.ExternalCatalogWithListener;
import org.apache.spark.sql.catalyst.catalog.RenameTablePreEvent;
import org.apache.spark.sql.catalyst.util.CharVarcharUtils;
import org.apache.spark.sql.execution.SQLExecution;
import org.apache.spark.sql.internal.SharedState;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records the session catalog's tables before each change, to give them as each SQL execution saw
 * them, so that the agent, which reads plans on Spark's asynchronous listener bus after the user's
 * thread has moved on, describes a table as the execution it reports left it, not as later
 * statements have changed it since.
 *
 * <p>How: Spark's session catalog ({@link ExternalCatalogWithListener}) calls its listeners in the
 * thread that changes it, before each change. For every create, drop, rename and alter of a table
 * (not the statistics updates of writes) made inside a SQL execution, this listener records the
 * table as it was just before, with the id of the changing execution ({@code
 * spark.sql.execution.id}, the thread's local property). Reading {@linkplain #asOf as of} an
 * execution {@code E}, the table is the one recorded before the first change made by an execution
 * after {@code E} (or, for what {@code E} saw at its start, by {@code E} or after it); the
 * catalog's current state when no such change was recorded. The recording costs one catalog look-up
 * per DDL statement in the user's thread (a metastore call with Hive); reads and writes of data are
 * not touched.
 *
 * <p>The listener is added once per {@link SharedState}, and only once the session catalog exists
 * ({@link #registerWhenCatalogUp}): the agent never creates the catalog itself (with Hive that
 * would connect to the metastore; without it, create a warehouse directory). Changes made before it
 * is added, or outside SQL executions, are not recorded; for them the catalog's current state is
 * read, as before. At most {@value #MAX_CHANGES} changes are kept, the oldest dropped first.
 */
@Internal
public final class CatalogChangeRecorder implements ExternalCatalogEventListener {
  private static final Logger LOG = LoggerFactory.getLogger(CatalogChangeRecorder.class);

  /** How many recorded changes are kept (a change is a few KB: the table's metadata). */
  static final int MAX_CHANGES = 1_000;

  private static final ThreadLocal<AsOf> AS_OF = new ThreadLocal<>();
  private static final Set<SharedState> REGISTERED =
      Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
  private static final Optional<Field> EXTERNAL_CATALOG = externalCatalogField();

  private final ExternalCatalogWithListener catalog;
  private final SparkContext sparkContext;
  private final Deque<Change> changes = new ArrayDeque<>();

  private CatalogChangeRecorder(ExternalCatalogWithListener catalog, SparkContext sparkContext) {
    this.catalog = catalog;
    this.sparkContext = sparkContext;
  }

  /**
   * Adds the recorder to {@code state}'s session catalog if that catalog has been created, once;
   * otherwise does nothing (the next call tries again). Cheap after the first success: a set
   * look-up. Never throws.
   */
  public static void registerWhenCatalogUp(SharedState state) {
    if (state == null || REGISTERED.contains(state)) {
      return;
    }
    try {
      Optional<ExternalCatalogWithListener> created = createdCatalog(state);
      if (created.isEmpty()) {
        return;
      }
      ExternalCatalogWithListener catalog = created.get();
      synchronized (catalog) {
        if (of(catalog).isEmpty()) {
          catalog.addListener(new CatalogChangeRecorder(catalog, state.sparkContext()));
        }
      }
      REGISTERED.add(state);
    } catch (RuntimeException | LinkageError e) {
      REGISTERED.add(state); // not again: the catalog's state is then read as it is now
      LOG.debug("Headwater: the session catalog's history is not recorded: {}", e.toString());
    }
  }

  /**
   * Reads the catalog as of execution {@code executionId} in this thread until the scope closes.
   *
   * @param atStart true for what the execution saw when it started (before its own changes), false
   *     for what it left (after them)
   */
  public static Scope asOf(long executionId, boolean atStart) {
    AsOf previous = AS_OF.get();
    AS_OF.set(new AsOf(executionId, atStart));
    return () -> AS_OF.set(previous);
  }

  /**
   * The table {@code database.table} of {@code state}'s session catalog as of the execution this
   * thread reads ({@link #asOf}), when a change recorded since tells what it was (present or
   * absent); empty when nothing recorded tells — no execution is being read, no history is kept, or
   * no later change was recorded — and the catalog's current state is the answer.
   */
  static Optional<Recorded> recorded(SharedState state, String database, String table) {
    AsOf asOf = AS_OF.get();
    if (asOf == null || !REGISTERED.contains(state)) {
      return Optional.empty();
    }
    return createdCatalog(state)
        .flatMap(CatalogChangeRecorder::of)
        .flatMap(recorder -> recorder.before(key(database, table), asOf));
  }

  @Override
  public void onEvent(ExternalCatalogEvent event) {
    try {
      if (event instanceof AlterTablePreEvent alter) {
        if (!"stats".equals(alter.kind())) {
          record(alter.database(), alter.name());
        }
      } else if (event instanceof CreateTablePreEvent create) {
        record(create.database(), create.name());
      } else if (event instanceof DropTablePreEvent drop) {
        record(drop.database(), drop.name());
      } else if (event instanceof RenameTablePreEvent rename) {
        record(rename.database(), rename.name());
        record(rename.database(), rename.newName());
      }
    } catch (RuntimeException | LinkageError e) { // never fail the user's statement
      LOG.debug("Headwater: a catalog change was not recorded: {}", e.toString());
    }
  }

  private void record(String database, String table) {
    String id = sparkContext.getLocalProperty(SQLExecution.EXECUTION_ID_KEY());
    if (id == null) {
      return; // outside a SQL execution: no run reports it, nothing to order it by
    }
    Optional<CatalogTable> before =
        catalog.tableExists(database, table)
            ? Optional.of(catalog.getTable(database, table))
            : Optional.empty();
    synchronized (changes) {
      changes.addLast(new Change(Long.parseLong(id), key(database, table), before));
      while (changes.size() > MAX_CHANGES) {
        changes.removeFirst();
      }
    }
  }

  /**
   * The table before the first change, in execution order, by an execution after {@code asOf} (or
   * from it on, at its start); empty when none was recorded.
   */
  private Optional<Recorded> before(String key, AsOf asOf) {
    Change first = null;
    synchronized (changes) {
      for (Change change : changes) {
        boolean later =
            asOf.atStart()
                ? change.executionId() >= asOf.executionId()
                : change.executionId() > asOf.executionId();
        if (later
            && change.key().equals(key)
            && (first == null || change.executionId() < first.executionId())) {
          first = change;
        }
      }
    }
    return first == null
        ? Optional.empty()
        : Optional.of(
            new Recorded(first.table().map(CatalogChangeRecorder::asSessionCatalogGivesIt)));
  }

  /**
   * {@code table} with char/varchar columns as strings, as the session catalog gives a table's
   * metadata ({@code SessionCatalog.getTableMetadata}); {@code table} itself when it has none.
   * Through reflection, since {@code CatalogTable}'s fields differ between Spark versions (20 on
   * 3.5, 21 on 4.1, 22 on 4.3); its fourth is the schema on each.
   */
  private static CatalogTable asSessionCatalogGivesIt(CatalogTable table) {
    StructType schema = CharVarcharUtils.replaceCharVarcharWithStringInSchema(table.schema());
    if (schema.equals(table.schema())) {
      return table;
    }
    try {
      Method copy = copyMethod();
      Object[] arguments = new Object[copy.getParameterCount()];
      for (int i = 0; i < arguments.length; i++) {
        arguments[i] =
            i == 3 ? schema : CatalogTable.class.getMethod("copy$default$" + (i + 1)).invoke(table);
      }
      return (CatalogTable) copy.invoke(table, arguments);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return table;
    }
  }

  private static Method copyMethod() throws NoSuchMethodException {
    for (Method method : CatalogTable.class.getMethods()) {
      if (method.getName().equals("copy") && method.getParameterCount() > 3) {
        return method;
      }
    }
    throw new NoSuchMethodException("CatalogTable.copy");
  }

  private static Optional<CatalogChangeRecorder> of(ExternalCatalogWithListener catalog) {
    for (ExternalCatalogEventListener listener : catalog.listeners()) {
      if (listener instanceof CatalogChangeRecorder recorder) {
        return Optional.of(recorder);
      }
    }
    return Optional.empty();
  }

  /** The session catalog of {@code state} if it has been created, without creating it. */
  private static Optional<ExternalCatalogWithListener> createdCatalog(SharedState state) {
    if (EXTERNAL_CATALOG.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.ofNullable((ExternalCatalogWithListener) EXTERNAL_CATALOG.get().get(state));
    } catch (IllegalAccessException e) {
      return Optional.empty();
    }
  }

  /** {@code SharedState}'s lazily set {@code externalCatalog} field (Scala 2.12 and 2.13). */
  private static Optional<Field> externalCatalogField() {
    try {
      Field field = SharedState.class.getDeclaredField("externalCatalog");
      field.setAccessible(true);
      return Optional.of(field);
    } catch (NoSuchFieldException | RuntimeException e) {
      LOG.debug("Headwater: no SharedState.externalCatalog field: {}", e.toString());
      return Optional.empty();
    }
  }

  private static String key(String database, String table) {
    return (database + "." + table).toLowerCase(Locale.ROOT);
  }

  /** The scope of {@link #asOf}: closing it restores what the thread read before. */
  public interface Scope extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * A table as a recorded change shows it.
   *
   * @param table the table's metadata, empty when it did not exist
   */
  record Recorded(Optional<CatalogTable> table) {}

  private record AsOf(long executionId, boolean atStart) {}

  private record Change(long executionId, String key, Optional<CatalogTable> table) {}
}
