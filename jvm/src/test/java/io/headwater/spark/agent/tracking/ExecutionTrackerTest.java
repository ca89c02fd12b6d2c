package io.headwater.spark.agent.tracking;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.agent.runs.LocalPropertyTags;
import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.compat.StreamingPlans;
import io.headwater.spark.config.CompatOptions;
import io.headwater.spark.config.JobNameStyle;
import io.headwater.spark.config.Tag;
import io.headwater.spark.reading.ExecutionLineage;
import io.headwater.spark.reading.StaticLineage;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.spark.sql.catalyst.plans.logical.OneRowRelation;
import org.junit.Test;

/**
 * Every transition of the run state machine, driven the way the agent drives it: one call per
 * execution start or end, whose reading (called once, with the placement) reads into the run and
 * returns the facts, and the decisions that come out — including lost and out-of-order events, and
 * that no state outlives a run.
 */
public class ExecutionTrackerTest {
  private static final OpenLineage OL = new OpenLineage(URI.create("https://example.com/test"));
  private static final ExecutionLineage READS_ORDERS =
      new ExecutionLineage(
          List.of(OL.newInputDataset("file", "/data/orders", null, null)),
          List.of(),
          Optional.empty());
  private static final ExecutionLineage WRITES_TOTALS =
      new ExecutionLineage(
          List.of(),
          List.of(OL.newOutputDataset("file", "/data/totals", null, null)),
          Optional.of("data_totals"));
  private static final Optional<StreamingPlans.MicroBatch> NOT_STREAMING = Optional.empty();

  private static final Consumer<OperationRun> NO_READ = run -> {};

  private final ExecutionTracker tracker =
      new ExecutionTracker(
          "app", JobNameStyle.HEADWATER, CompatOptions.DEFAULT, Duration.ofMinutes(10), 3);

  /** One execution event as the tracker handled it: its placement and the decisions. */
  private static final class Event {
    private final Placement placement;
    private final List<Decision> decisions;

    /** How often what a terminal event shows was read ({@link EndReading#forTerminal}). */
    private final int terminalReads;

    Event(Placement placement, List<Decision> decisions, int terminalReads) {
      this.placement = placement;
      this.decisions = decisions;
      this.terminalReads = terminalReads;
    }

    OperationRun run() {
      return placement.run();
    }
  }

  /**
   * The agent's reading as the tracker calls it: records the placement (and how often it was
   * called), does {@code read} on its run, and returns {@code facts}.
   */
  private static final class Reading implements EndReading {
    private final Consumer<OperationRun> read;
    private final ExecutionFacts facts;
    private Placement placement;
    private int calls;
    private int terminalReads;

    Reading(Consumer<OperationRun> read, ExecutionFacts facts) {
      this.read = read;
      this.facts = facts;
    }

    private ExecutionFacts visit(Placement seen) {
      placement = seen;
      calls++;
      read.accept(seen.run());
      return facts;
    }

    @Override
    public ExecutionFacts own(Placement.Own own) {
      return visit(own);
    }

    @Override
    public ExecutionFacts nested(Placement.Nested nested) {
      return visit(nested);
    }

    @Override
    public ExecutionFacts microBatch(Placement.MicroBatch microBatch) {
      return visit(microBatch);
    }

    @Override
    public ExecutionFacts untracked(Placement.Untracked untracked) {
      return visit(untracked);
    }

    @Override
    public ExecutionFacts forTerminal(OperationRun run, ExecutionFacts found) {
      assertSame("read for the placement's run", placement.run(), run);
      terminalReads++;
      return found;
    }
  }

  /** What the agent does when it has read a root execution's plan. */
  private static void read(OperationRun run, ExecutionLineage lineage, String planPart) {
    run.findings.setLineage(run.findings.lineage().merge(lineage));
    run.findings.setPlanPart(planPart);
  }

  private Event started(
      long id,
      long root,
      long time,
      Optional<StreamingPlans.MicroBatch> batch,
      Consumer<OperationRun> read) {
    return started(id, root, time, batch, false, read, ExecutionFacts.NONE);
  }

  /** An execution's start, its reading doing {@code read} and returning {@code facts}. */
  private Event started(
      long id,
      long root,
      long time,
      Optional<StreamingPlans.MicroBatch> batch,
      boolean rowLevelWrite,
      Consumer<OperationRun> read,
      ExecutionFacts facts) {
    Reading reading = new Reading(read, facts);
    List<Decision> decisions =
        tracker.executionStarted(id, root, time, batch, rowLevelWrite, reading);
    assertEquals("the reading runs once per event", 1, reading.calls);
    return new Event(reading.placement, decisions, 0);
  }

  private Event ended(
      long id,
      long time,
      Optional<StreamingPlans.MicroBatch> batch,
      Throwable failure,
      Consumer<OperationRun> read) {
    return ended(id, time, batch, failure, read, ExecutionFacts.NONE);
  }

  /** An execution's end, its reading doing {@code read} and returning {@code facts}. */
  private Event ended(
      long id,
      long time,
      Optional<StreamingPlans.MicroBatch> batch,
      Throwable failure,
      Consumer<OperationRun> read,
      ExecutionFacts facts) {
    Reading reading = new Reading(read, facts);
    List<Decision> decisions = tracker.executionEnded(id, time, batch, failure, reading);
    assertTrue("the reading runs at most once per event", reading.calls <= 1);
    assertEquals(
        "what a terminal event shows is read exactly when one is due: " + decisions,
        decisions.stream().anyMatch(decision -> decision instanceof Decision.Terminal) ? 1 : 0,
        reading.terminalReads);
    return new Event(reading.placement, decisions, reading.terminalReads);
  }

  private static LocalPropertyTags.Snapshot tags(String key) {
    return new LocalPropertyTags.Snapshot(List.of(new Tag(key, "true", "CONFIG")), List.of());
  }

  @Test
  public void aRootRunStartsAtItsFirstJobAndCompletesAtItsEnd() {
    Event start =
        started(1, 1, 1_000, NOT_STREAMING, run -> read(run, WRITES_TOTALS, "execute_insert"));
    OperationRun run = start.run();
    assertTrue(start.placement instanceof Placement.Own);
    assertEquals("START waits for the thread's tags", List.of(), start.decisions);

    List<Decision> atJob = tracker.jobStarted(run, tags("team"), 1_100);
    assertEquals(List.of(new Decision.Start(run)), atJob);
    assertEquals("app.execute_insert.data_totals", run.naming.jobName());
    assertEquals("team", run.naming.localTags().job().get(0).key());
    assertEquals(
        "a later job changes nothing", List.of(), tracker.jobStarted(run, tags("x"), 1_200));
    assertEquals("team", run.naming.localTags().job().get(0).key());

    Event end = ended(1, 2_000, NOT_STREAMING, null, NO_READ);
    assertSame(run, end.run());
    assertEquals(List.of(new Decision.Terminal(run, 2_000, null)), end.decisions);
    assertEquals("no state outlives the terminal decision", 0, tracker.openRuns());
    assertNull(tracker.runOf(1));
  }

  @Test
  public void aQueryWhoseAnalysisFailedStartsAndFailsAtItsEndWithoutAnyDataset() {
    // from the parsed plan: its plans are never read
    Event start = started(1, 1, 1_000, NOT_STREAMING, run -> run.findings.setPlanPart("project"));
    OperationRun run = start.run();
    assertEquals("no dataset: not a run yet", List.of(), start.decisions);
    Throwable failure = new IllegalStateException("[AMBIGUOUS_REFERENCE] Reference `k`");

    Event end = ended(1, 2_000, NOT_STREAMING, failure, seen -> seen.findings.setAnalysisFailed());
    assertEquals(
        List.of(new Decision.Start(run), new Decision.Terminal(run, 2_000, failure)),
        end.decisions);
    assertEquals("app.project", run.naming.jobName());
    assertEquals(0, tracker.openRuns());
  }

  @Test
  public void aRunWithoutJobsStartsAtItsEndAndAFailureEndsItWithFail() {
    OperationRun run =
        started(1, 1, 1_000, NOT_STREAMING, seen -> read(seen, READS_ORDERS, "local_table_scan"))
            .run();
    RuntimeException failure = new RuntimeException("boom");

    assertEquals(
        List.of(new Decision.Start(run), new Decision.Terminal(run, 2_000, failure)),
        ended(1, 2_000, NOT_STREAMING, failure, NO_READ).decisions);
  }

  @Test
  public void aRunThatTouchesNoDatasetEmitsNothing() {
    OperationRun run =
        started(
                1,
                1,
                1_000,
                NOT_STREAMING,
                seen -> read(seen, ExecutionLineage.EMPTY, "local_table_scan"))
            .run();
    assertEquals(List.of(), tracker.jobStarted(run, LocalPropertyTags.Snapshot.NONE, 1_100));
    assertEquals(List.of(), ended(1, 2_000, NOT_STREAMING, null, NO_READ).decisions);
    assertEquals(0, tracker.openRuns());
  }

  @Test
  public void aRootEndReadsWhatATerminalEventShowsOnlyWhenOneIsDue() {
    started(1, 1, 1_000, NOT_STREAMING, seen -> read(seen, ExecutionLineage.EMPTY, "project"));
    assertEquals(0, ended(1, 2_000, NOT_STREAMING, null, NO_READ).terminalReads);
    started(2, 2, 3_000, NOT_STREAMING, seen -> read(seen, WRITES_TOTALS, "insert"));
    assertEquals(1, ended(2, 4_000, NOT_STREAMING, null, NO_READ).terminalReads);
    OperationRun created = ddl(3, 5_000, "create_table", StaticLineage.Kind.DATASET_EVENTS);
    Event ddlEnd = ddlEnded(3, 6_000, WRITES_TOTALS, Optional.empty());
    assertEquals(
        List.of(new Decision.Static(created, 6_000, WRITES_TOTALS, Optional.empty())),
        ddlEnd.decisions);
    assertEquals(0, ddlEnd.terminalReads);
  }

  @Test
  public void aNestedExecutionIsFoldedIntoItsRootsRun() {
    OperationRun root =
        started(
                1,
                1,
                1_000,
                NOT_STREAMING,
                seen -> read(seen, ExecutionLineage.EMPTY, "execute_create_table_as_select"))
            .run();

    Event nested =
        started(
            2,
            1,
            1_100,
            NOT_STREAMING,
            false,
            // what the nested insert writes
            seen -> seen.findings.setLineage(seen.findings.lineage().merge(WRITES_TOTALS)),
            ExecutionFacts.NONE.withPlanRead());
    assertTrue(nested.placement instanceof Placement.Nested);
    assertSame(root, nested.run());
    assertEquals("START waits for the thread's tags", List.of(), nested.decisions);
    assertSame("the nested execution's jobs belong to the root's run", root, tracker.runOf(2));
    assertEquals(
        List.of(new Decision.Start(root)),
        tracker.jobStarted(root, LocalPropertyTags.Snapshot.NONE, 1_200));

    Event nestedEnd = ended(2, 1_500, NOT_STREAMING, null, NO_READ);
    assertTrue(
        "the facts said its plan was read", ((Placement.Nested) nestedEnd.placement).planRead());
    assertEquals("the root's end closes the run", List.of(), nestedEnd.decisions);

    Event rootEnd = ended(1, 2_000, NOT_STREAMING, null, NO_READ);
    assertEquals(List.of(new Decision.Terminal(root, 2_000, null)), rootEnd.decisions);
    assertEquals("app.execute_create_table_as_select.data_totals", root.naming.jobName());
    assertEquals(0, tracker.openRuns());
  }

  @Test
  public void aNestedEndAfterItsRootEndedIsUntrackedAndNotRead() {
    started(1, 1, 1_000, NOT_STREAMING, NO_READ);
    started(2, 1, 1_100, NOT_STREAMING, NO_READ);
    ended(1, 2_000, NOT_STREAMING, null, NO_READ);

    Event late = ended(2, 2_100, NOT_STREAMING, null, NO_READ);
    assertNull("nothing is read for it", late.placement);
    assertEquals(List.of(), late.decisions);
  }

  @Test
  public void anEndWhoseStartWasNotSeenOpensAndClosesTheRun() {
    Event end =
        ended(7, 5_000, NOT_STREAMING, null, seen -> read(seen, WRITES_TOTALS, "execute_insert"));
    assertTrue(((Placement.Own) end.placement).openedAtEnd());
    OperationRun run = end.run();
    assertEquals(5_000, run.startTime);

    assertEquals(
        List.of(new Decision.Start(run), new Decision.Terminal(run, 5_000, null)), end.decisions);
    assertEquals(0, tracker.openRuns());
  }

  /** A root execution of metadata-only DDL of {@code kind}, as its start's reading found it. */
  private OperationRun ddl(long id, long time, String planPart, StaticLineage.Kind kind) {
    Consumer<OperationRun> read =
        seen -> {
          seen.findings.setPlanPart(planPart);
          seen.findings.setStaticKind(kind);
        };
    return started(id, id, time, NOT_STREAMING, read).run();
  }

  /** The successful end of DDL whose reading returned {@code ddlLineage} and {@code viewText}. */
  private Event ddlEnded(
      long id, long time, ExecutionLineage ddlLineage, Optional<String> viewText) {
    return ended(
        id, time, NOT_STREAMING, null, NO_READ, ExecutionFacts.NONE.withDdl(ddlLineage, viewText));
  }

  @Test
  public void metadataOnlyDdlGivesStaticEventsOnlyWhenItSucceeds() {
    OperationRun created =
        ddl(
            1,
            1_000,
            "execute_create_data_source_table_command",
            StaticLineage.Kind.DATASET_EVENTS);
    assertEquals("never a START", List.of(), tracker.jobStarted(created, tags("t"), 1_100));
    assertEquals(
        "the DDL's lineage as read once it ran",
        List.of(new Decision.Static(created, 2_000, WRITES_TOTALS, Optional.empty())),
        ddlEnded(1, 2_000, WRITES_TOTALS, Optional.empty()).decisions);

    ddl(2, 3_000, "execute_create_view_command", StaticLineage.Kind.JOB_EVENT);
    assertEquals(
        "a failed DDL changed nothing",
        List.of(),
        ended(2, 3_100, NOT_STREAMING, new RuntimeException("exists"), NO_READ).decisions);

    ddl(3, 4_000, "execute_create_view_command", StaticLineage.Kind.NOTHING);
    assertEquals(List.of(), ended(3, 4_100, NOT_STREAMING, null, NO_READ).decisions);
  }

  @Test
  public void aViewsJobEventIsNamedFromTheFactsReadBeforeTheDecision() {
    OperationRun view = ddl(1, 1_000, "execute_create_view_command", StaticLineage.Kind.JOB_EVENT);
    assertEquals(
        "named by the lineage in the facts, not by what the run read at its start (nothing)",
        List.of(
            new Decision.Static(
                view,
                2_000,
                WRITES_TOTALS,
                Optional.of("app.execute_create_view_command.data_totals"))),
        ddlEnded(1, 2_000, WRITES_TOTALS, Optional.of("SELECT 1")).decisions);
  }

  @Test
  public void microBatchesAreFoldedIntoTheirQueryRunWithRunningAfterEach() {
    UUID query = UUID.randomUUID();
    tracker.streamingQueryStarted(
        query, "orders stream", "2024-05-01T10:00:00Z", 0, Optional.empty());
    Optional<StreamingPlans.MicroBatch> batch =
        Optional.of(new StreamingPlans.MicroBatch(query, new OneRowRelation()));

    // RunFindingsWriter names it by its query's name
    Event first = started(1, 1, 1_000, batch, seen -> read(seen, WRITES_TOTALS, "orders_stream"));
    OperationRun run = first.run();
    assertTrue(first.placement instanceof Placement.MicroBatch);
    assertEquals("orders stream", run.streamingQueryName);
    assertEquals(
        "a streaming run starts with its first micro-batch",
        List.of(new Decision.Start(run)),
        first.decisions);
    assertEquals("app.orders_stream.data_totals", run.naming.jobName());
    assertEquals(
        List.of(new Decision.Running(run, 1_500)), ended(1, 1_500, batch, null, NO_READ).decisions);

    Event second = started(2, 2, 2_000, batch, NO_READ);
    assertSame(run, second.run());
    assertEquals(
        "a failed micro-batch gives no RUNNING",
        List.of(),
        ended(2, 2_500, batch, new RuntimeException(), NO_READ).decisions);

    RuntimeException failure = new RuntimeException("query died");
    assertEquals(
        List.of(new Decision.Terminal(run, 3_000, failure)),
        tracker.streamingQueryTerminated(query, 3_000, failure));
    assertEquals(0, tracker.openRuns());
    assertEquals(List.of(), tracker.streamingQueryTerminated(query, 3_100, null));
  }

  @Test
  public void aRowLevelWriteInAMicroBatchIsARunOfItsOwnChildOfTheQueryRun() {
    UUID query = UUID.randomUUID();
    tracker.streamingQueryStarted(query, "upserts", "2024-05-01T10:00:00Z", 0, Optional.empty());
    Optional<StreamingPlans.MicroBatch> batch =
        Optional.of(new StreamingPlans.MicroBatch(query, new OneRowRelation()));
    Event first = started(1, 1, 1_000, batch, seen -> read(seen, READS_ORDERS, "upserts"));
    OperationRun streaming = first.run();
    assertEquals(List.of(new Decision.Start(streaming)), first.decisions);

    Event write = started(2, 1, 1_100, NOT_STREAMING, NO_READ);
    assertTrue(
        "a foreachBatch write folds into the query's run",
        write.placement instanceof Placement.Nested);
    assertSame(streaming, write.run());
    ended(2, 1_150, NOT_STREAMING, null, NO_READ);

    Event merge =
        started(
            3,
            1,
            1_200,
            NOT_STREAMING,
            true,
            seen -> read(seen, WRITES_TOTALS, "execute_merge_into_command_edge"),
            ExecutionFacts.NONE);
    assertTrue(merge.placement instanceof Placement.Own);
    OperationRun run = merge.run();
    assertSame(streaming, run.parent);
    assertEquals("BATCH", run.processingType);
    assertSame("its Spark jobs are its own", run, tracker.runOf(3));
    tracker.jobStarted(run, LocalPropertyTags.Snapshot.NONE, 1_250);
    assertEquals("app.execute_merge_into_command_edge.data_totals", run.naming.jobName());
    assertEquals(
        List.of(new Decision.Terminal(run, 1_300, null)),
        ended(3, 1_300, NOT_STREAMING, null, NO_READ).decisions);

    Event top = started(4, 4, 1_400, NOT_STREAMING, true, NO_READ, ExecutionFacts.NONE);
    assertNull(
        "a row-level write outside a micro-batch has the application as parent", top.run().parent);
  }

  @Test
  public void aMicroBatchEndWhoseStartWasNotSeenIsReadAtItsEnd() {
    UUID query = UUID.randomUUID();
    Optional<StreamingPlans.MicroBatch> batch =
        Optional.of(new StreamingPlans.MicroBatch(query, new OneRowRelation()));
    Event end = ended(9, 1_000, batch, null, seen -> read(seen, READS_ORDERS, "one_row_relation"));
    assertFalse(((Placement.MicroBatch) end.placement).startSeen());
    assertNull("its query's start was not seen", end.run().streamingQueryName);
    assertEquals(
        List.of(new Decision.Start(end.run()), new Decision.Running(end.run(), 1_000)),
        end.decisions);
  }

  @Test
  public void aQueryWhoseBatchesTouchNoDatasetEndsWithoutEvents() {
    UUID query = UUID.randomUUID();
    Optional<StreamingPlans.MicroBatch> batch =
        Optional.of(new StreamingPlans.MicroBatch(query, new OneRowRelation()));
    started(1, 1, 1_000, batch, NO_READ);
    assertEquals(List.of(), ended(1, 1_500, batch, null, NO_READ).decisions);
    assertEquals(List.of(), tracker.streamingQueryTerminated(query, 2_000, null));
  }

  @Test
  public void aRunWhoseEndIsLostIsAbortedAfterTheIdleTimeoutAndForgotten() {
    OperationRun lost =
        started(1, 1, 1_000, NOT_STREAMING, seen -> read(seen, WRITES_TOTALS, "execute_insert"))
            .run();
    tracker.jobStarted(lost, LocalPropertyTags.Snapshot.NONE, 1_000);
    started(2, 1, 1_100, NOT_STREAMING, NO_READ); // nested, its end lost too
    OperationRun quiet = started(3, 3, 1_000, NOT_STREAMING, NO_READ).run();
    OperationRun active = started(4, 4, 1_000, NOT_STREAMING, NO_READ).run();
    tracker.jobStarted(
        active, LocalPropertyTags.Snapshot.NONE, 1_000 + Duration.ofMinutes(9).toMillis());

    long now = 1_100 + Duration.ofMinutes(10).toMillis() + 1;
    assertEquals(
        "only a started run gets an event",
        List.of(new Decision.Abort(lost, now, "no event for 10 min")),
        tracker.expire(now));
    assertNull("the nested execution went with its root", tracker.runOf(2));
    assertNull(tracker.runOf(3));
    assertSame(active, tracker.runOf(4));
    assertEquals(1, tracker.openRuns());
    assertFalse(quiet.started());

    // the lost end arriving after all: the run was forgotten, so it is opened and closed afresh
    assertTrue(
        ((Placement.Own) ended(1, now + 1, NOT_STREAMING, null, NO_READ).placement).openedAtEnd());
  }

  @Test
  public void beyondMaxOpenRunsTheLeastRecentlyActiveIsAborted() {
    OperationRun[] runs = new OperationRun[4];
    for (int i = 0; i < runs.length; i++) {
      runs[i] =
          started(i, i, 1_000 + i, NOT_STREAMING, seen -> read(seen, READS_ORDERS, "scan")).run();
      tracker.jobStarted(runs[i], LocalPropertyTags.Snapshot.NONE, 1_000 + i);
    }
    tracker.jobStarted(runs[0], LocalPropertyTags.Snapshot.NONE, 5_000); // run 0 is active again

    assertEquals(
        List.of(new Decision.Abort(runs[1], 6_000, "more than 3 runs open")),
        tracker.expire(6_000));
    assertEquals(3, tracker.openRuns());
  }

  @Test
  public void abortAllEndsEveryStartedRunBatchAndStreamingAndKeepsNothing() {
    OperationRun batch =
        started(1, 1, 1_000, NOT_STREAMING, seen -> read(seen, READS_ORDERS, "scan")).run();
    tracker.jobStarted(batch, LocalPropertyTags.Snapshot.NONE, 1_000);
    started(2, 2, 1_000, NOT_STREAMING, NO_READ); // not started: no event
    UUID query = UUID.randomUUID();
    Optional<StreamingPlans.MicroBatch> micro =
        Optional.of(new StreamingPlans.MicroBatch(query, new OneRowRelation()));
    OperationRun streaming =
        started(3, 3, 1_000, micro, seen -> read(seen, WRITES_TOTALS, "write_to_data_source_v2"))
            .run();
    ended(3, 1_500, micro, null, NO_READ);

    List<Decision> decisions = tracker.abortAll(9_000, "JVM shutdown");
    assertEquals(
        List.of(
            new Decision.Abort(batch, 9_000, "JVM shutdown"),
            new Decision.Abort(streaming, 9_000, "JVM shutdown")),
        decisions);
    assertEquals(0, tracker.openRuns());
    assertEquals(List.of(), tracker.streamingQueryTerminated(query, 9_100, null));
  }
}
