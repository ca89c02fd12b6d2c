package io.headwater.spark.agent.tracking;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.agent.runs.LocalPropertyTags;
import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.compat.StreamingPlans;
import io.headwater.spark.config.Tag;
import io.headwater.spark.reading.ExecutionLineage;
import io.headwater.spark.reading.StaticLineage;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.spark.sql.catalyst.plans.logical.OneRowRelation;
import org.junit.Test;

/**
 * Every transition of the run state machine, driven the way the agent drives it: placements from
 * execution starts and ends, what the agent read, and the decisions that come out — including lost
 * and out-of-order events, and that no state outlives a run.
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

  private final ExecutionTracker tracker = new ExecutionTracker("app", Duration.ofMinutes(10), 3);

  /** What the agent does when it has read a root execution's plan. */
  private static void read(OperationRun run, ExecutionLineage lineage, String planPart) {
    run.findings.setLineage(run.findings.lineage().merge(lineage));
    run.findings.setPlanPart(planPart);
  }

  /**
   * The tracker's decisions at an execution's end, dispatched on its placement as the agent does.
   */
  private List<Decision> ended(Placement placement, long time, Throwable failure) {
    return placement.accept(
        new Placement.Visitor<List<Decision>>() {
          @Override
          public List<Decision> own(Placement.Own own) {
            return tracker.ownEnded(own, time, failure);
          }

          @Override
          public List<Decision> nested(Placement.Nested nested) {
            return tracker.nestedEnded(nested);
          }

          @Override
          public List<Decision> microBatch(Placement.MicroBatch microBatch) {
            return tracker.microBatchEnded(microBatch, time, failure);
          }

          @Override
          public List<Decision> untracked(Placement.Untracked untracked) {
            return List.of();
          }
        });
  }

  private static LocalPropertyTags.Snapshot tags(String key) {
    return new LocalPropertyTags.Snapshot(List.of(new Tag(key, "true", "CONFIG")), List.of());
  }

  @Test
  public void aRootRunStartsAtItsFirstJobAndCompletesAtItsEnd() {
    Placement start = tracker.executionStarted(1, 1, 1_000, NOT_STREAMING, false);
    OperationRun run = start.run();
    assertTrue(start instanceof Placement.Own);
    read(run, WRITES_TOTALS, "execute_insert");
    assertEquals("START waits for the thread's tags", List.of(), tracker.startIfReady(run));

    List<Decision> atJob = tracker.jobStarted(run, tags("team"), 1_100);
    assertEquals(List.of(new Decision.Start(run)), atJob);
    assertEquals("app.execute_insert.data_totals", run.naming.jobName());
    assertEquals("team", run.naming.localTags().job().get(0).key());
    assertEquals(
        "a later job changes nothing", List.of(), tracker.jobStarted(run, tags("x"), 1_200));
    assertEquals("team", run.naming.localTags().job().get(0).key());

    Placement end = tracker.executionEnded(1, 2_000, NOT_STREAMING);
    assertSame(run, end.run());
    assertEquals(List.of(new Decision.Terminal(run, 2_000, null)), ended(end, 2_000, null));
    assertEquals("no state outlives the terminal decision", 0, tracker.openRuns());
    assertNull(tracker.runOf(1));
  }

  @Test
  public void aQueryWhoseAnalysisFailedStartsAndFailsAtItsEndWithoutAnyDataset() {
    OperationRun run = tracker.executionStarted(1, 1, 1_000, NOT_STREAMING, false).run();
    run.findings.setPlanPart("project"); // from the parsed plan: its plans are never read
    assertEquals("no dataset: not a run yet", List.of(), tracker.startIfReady(run));
    run.findings.setAnalysisFailed();
    Throwable failure = new IllegalStateException("[AMBIGUOUS_REFERENCE] Reference `k`");

    Placement end = tracker.executionEnded(1, 2_000, NOT_STREAMING);
    assertEquals(
        List.of(new Decision.Start(run), new Decision.Terminal(run, 2_000, failure)),
        ended(end, 2_000, failure));
    assertEquals("app.project", run.naming.jobName());
    assertEquals(0, tracker.openRuns());
  }

  @Test
  public void aRunWithoutJobsStartsAtItsEndAndAFailureEndsItWithFail() {
    OperationRun run = tracker.executionStarted(1, 1, 1_000, NOT_STREAMING, false).run();
    read(run, READS_ORDERS, "local_table_scan");
    Placement end = tracker.executionEnded(1, 2_000, NOT_STREAMING);
    RuntimeException failure = new RuntimeException("boom");

    assertEquals(
        List.of(new Decision.Start(run), new Decision.Terminal(run, 2_000, failure)),
        ended(end, 2_000, failure));
  }

  @Test
  public void aRunThatTouchesNoDatasetEmitsNothing() {
    OperationRun run = tracker.executionStarted(1, 1, 1_000, NOT_STREAMING, false).run();
    read(run, ExecutionLineage.EMPTY, "local_table_scan");
    assertEquals(List.of(), tracker.jobStarted(run, LocalPropertyTags.Snapshot.NONE, 1_100));
    Placement end = tracker.executionEnded(1, 2_000, NOT_STREAMING);
    assertEquals(List.of(), ended(end, 2_000, null));
    assertEquals(0, tracker.openRuns());
  }

  @Test
  public void aNestedExecutionIsFoldedIntoItsRootsRun() {
    OperationRun root = tracker.executionStarted(1, 1, 1_000, NOT_STREAMING, false).run();
    read(root, ExecutionLineage.EMPTY, "execute_create_table_as_select");

    Placement nested = tracker.executionStarted(2, 1, 1_100, NOT_STREAMING, false);
    assertTrue(nested instanceof Placement.Nested);
    assertSame(root, nested.run());
    assertSame("the nested execution's jobs belong to the root's run", root, tracker.runOf(2));
    root.findings.setLineage(
        root.findings.lineage().merge(WRITES_TOTALS)); // what the nested insert writes
    tracker.nestedPlanRead((Placement.Nested) nested);
    assertEquals(
        List.of(new Decision.Start(root)),
        tracker.jobStarted(root, LocalPropertyTags.Snapshot.NONE, 1_200));

    Placement nestedEnd = tracker.executionEnded(2, 1_500, NOT_STREAMING);
    assertTrue(((Placement.Nested) nestedEnd).planRead());
    assertEquals("the root's end closes the run", List.of(), ended(nestedEnd, 1_500, null));

    Placement rootEnd = tracker.executionEnded(1, 2_000, NOT_STREAMING);
    assertEquals(List.of(new Decision.Terminal(root, 2_000, null)), ended(rootEnd, 2_000, null));
    assertEquals("app.execute_create_table_as_select.data_totals", root.naming.jobName());
    assertEquals(0, tracker.openRuns());
  }

  @Test
  public void aNestedEndAfterItsRootEndedIsUntracked() {
    tracker.executionStarted(1, 1, 1_000, NOT_STREAMING, false);
    tracker.executionStarted(2, 1, 1_100, NOT_STREAMING, false);
    ended(tracker.executionEnded(1, 2_000, NOT_STREAMING), 2_000, null);

    Placement late = tracker.executionEnded(2, 2_100, NOT_STREAMING);
    assertTrue(late instanceof Placement.Untracked);
    assertEquals(List.of(), ended(late, 2_100, null));
  }

  @Test
  public void anEndWhoseStartWasNotSeenOpensAndClosesTheRun() {
    Placement end = tracker.executionEnded(7, 5_000, NOT_STREAMING);
    assertTrue(((Placement.Own) end).openedAtEnd());
    OperationRun run = end.run();
    assertEquals(5_000, run.startTime);
    read(run, WRITES_TOTALS, "execute_insert");

    assertEquals(
        List.of(new Decision.Start(run), new Decision.Terminal(run, 5_000, null)),
        ended(end, 5_000, null));
    assertEquals(0, tracker.openRuns());
  }

  @Test
  public void metadataOnlyDdlGivesStaticEventsOnlyWhenItSucceeds() {
    OperationRun created = tracker.executionStarted(1, 1, 1_000, NOT_STREAMING, false).run();
    created.findings.setPlanPart("execute_create_data_source_table_command");
    created.findings.setStaticKind(StaticLineage.Kind.DATASET_EVENTS);
    assertEquals("never a START", List.of(), tracker.jobStarted(created, tags("t"), 1_100));
    Placement end = tracker.executionEnded(1, 2_000, NOT_STREAMING);
    assertEquals(List.of(new Decision.Static(created, 2_000)), ended(end, 2_000, null));

    OperationRun failed = tracker.executionStarted(2, 2, 3_000, NOT_STREAMING, false).run();
    failed.findings.setStaticKind(StaticLineage.Kind.JOB_EVENT);
    Placement failedEnd = tracker.executionEnded(2, 3_100, NOT_STREAMING);
    assertEquals(
        "a failed DDL changed nothing",
        List.of(),
        ended(failedEnd, 3_100, new RuntimeException("exists")));

    OperationRun tempView = tracker.executionStarted(3, 3, 4_000, NOT_STREAMING, false).run();
    tempView.findings.setStaticKind(StaticLineage.Kind.NOTHING);
    assertEquals(List.of(), ended(tracker.executionEnded(3, 4_100, NOT_STREAMING), 4_100, null));
  }

  @Test
  public void microBatchesAreFoldedIntoTheirQueryRunWithRunningAfterEach() {
    UUID query = UUID.randomUUID();
    tracker.streamingQueryStarted(query, "orders stream", "2024-05-01T10:00:00Z", 0);
    Optional<StreamingPlans.MicroBatch> batch =
        Optional.of(new StreamingPlans.MicroBatch(query, new OneRowRelation()));

    Placement first = tracker.executionStarted(1, 1, 1_000, batch, false);
    OperationRun run = first.run();
    assertTrue(first instanceof Placement.MicroBatch);
    assertEquals("orders stream", run.streamingQueryName);
    read(run, WRITES_TOTALS, "orders_stream"); // RunFindingsWriter names it by its query's name
    assertEquals(
        "a streaming run starts with its first micro-batch",
        List.of(new Decision.Start(run)),
        tracker.startIfReady(run));
    assertEquals("app.orders_stream.data_totals", run.naming.jobName());
    assertEquals(
        List.of(new Decision.Running(run, 1_500)),
        ended(tracker.executionEnded(1, 1_500, batch), 1_500, null));

    Placement second = tracker.executionStarted(2, 2, 2_000, batch, false);
    assertSame(run, second.run());
    assertEquals(
        "a failed micro-batch gives no RUNNING",
        List.of(),
        ended(tracker.executionEnded(2, 2_500, batch), 2_500, new RuntimeException()));

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
    tracker.streamingQueryStarted(query, "upserts", "2024-05-01T10:00:00Z", 0);
    Optional<StreamingPlans.MicroBatch> batch =
        Optional.of(new StreamingPlans.MicroBatch(query, new OneRowRelation()));
    OperationRun streaming = tracker.executionStarted(1, 1, 1_000, batch, false).run();
    read(streaming, READS_ORDERS, "upserts");
    tracker.startIfReady(streaming);

    Placement write = tracker.executionStarted(2, 1, 1_100, NOT_STREAMING, false);
    assertTrue(
        "a foreachBatch write folds into the query's run", write instanceof Placement.Nested);
    assertSame(streaming, write.run());
    ended(tracker.executionEnded(2, 1_150, NOT_STREAMING), 1_150, null);

    Placement merge = tracker.executionStarted(3, 1, 1_200, NOT_STREAMING, true);
    assertTrue(merge instanceof Placement.Own);
    OperationRun run = merge.run();
    assertSame(streaming, run.parent);
    assertEquals("BATCH", run.processingType);
    assertSame("its Spark jobs are its own", run, tracker.runOf(3));
    read(run, WRITES_TOTALS, "execute_merge_into_command_edge");
    tracker.jobStarted(run, LocalPropertyTags.Snapshot.NONE, 1_250);
    assertEquals("app.execute_merge_into_command_edge.data_totals", run.naming.jobName());
    assertEquals(
        List.of(new Decision.Terminal(run, 1_300, null)),
        ended(tracker.executionEnded(3, 1_300, NOT_STREAMING), 1_300, null));

    Placement top = tracker.executionStarted(4, 4, 1_400, NOT_STREAMING, true);
    assertNull(
        "a row-level write outside a micro-batch has the application as parent", top.run().parent);
  }

  @Test
  public void aMicroBatchEndWhoseStartWasNotSeenIsReadAtItsEnd() {
    UUID query = UUID.randomUUID();
    Optional<StreamingPlans.MicroBatch> batch =
        Optional.of(new StreamingPlans.MicroBatch(query, new OneRowRelation()));
    Placement end = tracker.executionEnded(9, 1_000, batch);
    assertFalse(((Placement.MicroBatch) end).startSeen());
    assertNull("its query's start was not seen", end.run().streamingQueryName);
    read(end.run(), READS_ORDERS, "one_row_relation");
    assertEquals(
        List.of(new Decision.Start(end.run()), new Decision.Running(end.run(), 1_000)),
        ended(end, 1_000, null));
  }

  @Test
  public void aQueryWhoseBatchesTouchNoDatasetEndsWithoutEvents() {
    UUID query = UUID.randomUUID();
    Optional<StreamingPlans.MicroBatch> batch =
        Optional.of(new StreamingPlans.MicroBatch(query, new OneRowRelation()));
    tracker.executionStarted(1, 1, 1_000, batch, false);
    assertEquals(List.of(), ended(tracker.executionEnded(1, 1_500, batch), 1_500, null));
    assertEquals(List.of(), tracker.streamingQueryTerminated(query, 2_000, null));
  }

  @Test
  public void aRunWhoseEndIsLostIsAbortedAfterTheIdleTimeoutAndForgotten() {
    OperationRun lost = tracker.executionStarted(1, 1, 1_000, NOT_STREAMING, false).run();
    read(lost, WRITES_TOTALS, "execute_insert");
    tracker.jobStarted(lost, LocalPropertyTags.Snapshot.NONE, 1_000);
    tracker.executionStarted(2, 1, 1_100, NOT_STREAMING, false); // nested, its end lost too
    OperationRun quiet = tracker.executionStarted(3, 3, 1_000, NOT_STREAMING, false).run();
    OperationRun active = tracker.executionStarted(4, 4, 1_000, NOT_STREAMING, false).run();
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
    assertTrue(((Placement.Own) tracker.executionEnded(1, now + 1, NOT_STREAMING)).openedAtEnd());
  }

  @Test
  public void beyondMaxOpenRunsTheLeastRecentlyActiveIsAborted() {
    OperationRun[] runs = new OperationRun[4];
    for (int i = 0; i < runs.length; i++) {
      runs[i] = tracker.executionStarted(i, i, 1_000 + i, NOT_STREAMING, false).run();
      read(runs[i], READS_ORDERS, "scan");
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
    OperationRun batch = tracker.executionStarted(1, 1, 1_000, NOT_STREAMING, false).run();
    read(batch, READS_ORDERS, "scan");
    tracker.jobStarted(batch, LocalPropertyTags.Snapshot.NONE, 1_000);
    tracker.executionStarted(2, 2, 1_000, NOT_STREAMING, false); // not started: no event
    UUID query = UUID.randomUUID();
    Optional<StreamingPlans.MicroBatch> micro =
        Optional.of(new StreamingPlans.MicroBatch(query, new OneRowRelation()));
    OperationRun streaming = tracker.executionStarted(3, 3, 1_000, micro, false).run();
    read(streaming, WRITES_TOTALS, "write_to_data_source_v2");
    tracker.startIfReady(streaming);
    ended(tracker.executionEnded(3, 1_500, micro), 1_500, null);

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
