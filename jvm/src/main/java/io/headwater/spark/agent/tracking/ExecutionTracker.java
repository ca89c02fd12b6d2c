package io.headwater.spark.agent.tracking;

import io.headwater.spark.agent.runs.LocalPropertyTags;
import io.headwater.spark.agent.runs.OperationRun;
import io.headwater.spark.agent.runs.PipelineFlowRun;
import io.headwater.spark.agent.runs.RunFindings;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.StreamingPlans;
import io.headwater.spark.config.CompatOptions;
import io.headwater.spark.config.JobNameStyle;
import io.headwater.spark.reading.ExecutionLineage;
import io.headwater.spark.reading.StaticLineage;
import io.openlineage.client.utils.UUIDUtils;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The run state machine of SQL executions: which run each execution belongs to, and when a run's
 * events are due. It does no I/O and reads no plans: the agent tells it what happened (an execution
 * started or ended, a Spark job started, a streaming query terminated), and it answers with {@link
 * Decision}s — emit START, RUNNING or a terminal event, emit static events, abort — that the agent
 * carries out. Each SQL execution event enters it once: it places the event ({@link Placement}),
 * has the agent's reading for that placement return its {@link ExecutionFacts}, and decides once
 * from them. Only the agent's analysis thread calls it. The transitions are drawn in
 * docs/development.md ("The run state machine").
 *
 * <p>No per-execution state survives its terminal decision. A batch run whose end is never seen
 * (the listener bus dropped it, the agent was attached mid-run) is forgotten ({@link IdleRuns},
 * {@code spark.openlineage.run.idleTimeoutMinutes}); streaming query runs live until their query
 * terminates.
 */
@Internal
public final class ExecutionTracker {
  private final RunJobNames jobNames;
  private final IdleRuns idle;
  // batch and micro-batch runs by root execution id; nested execution id -> root id
  private final Map<Long, OperationRun> runs = new HashMap<>();
  private final Map<Long, Long> nestedUnder = new HashMap<>();
  private final Set<Long> nestedRead = new HashSet<>();
  private final StreamingQueryRuns streaming = new StreamingQueryRuns();
  private final CompatOptions compat;

  /**
   * @param applicationJobName the application's job name, the first part of every run's job name
   * @param jobNameStyle whose job names runs get ({@code spark.openlineage.jobName.style})
   * @param compat the job-name options of openlineage-spark ({@link RunJobNames})
   * @param idleTimeout how long a batch run may go without any event before it is forgotten
   * @param maxOpenRuns batch runs kept open at most; more evict the least recently active
   */
  public ExecutionTracker(
      String applicationJobName,
      JobNameStyle jobNameStyle,
      CompatOptions compat,
      Duration idleTimeout,
      int maxOpenRuns) {
    this.jobNames = new RunJobNames(applicationJobName, jobNameStyle, compat);
    this.compat = compat;
    this.idle = new IdleRuns(idleTimeout, maxOpenRuns);
  }

  /**
   * An execution started at {@code time} (epoch millis): placed, read ({@code reading}, once, for
   * its placement), and decided — START of its run (and first of the run's parent) when it is
   * ready.
   *
   * @param rootExecutionId the execution it is nested under; itself for a top-level execution
   * @param microBatch the streaming micro-batch it runs, if it is one
   * @param rowLevelWrite true for a MERGE, UPDATE or DELETE: nested under a micro-batch (by a
   *     {@code foreachBatch} function), it is a run of its own, child of the query's run
   * @param reading reads what the placement needs into the run and returns the facts found
   */
  public List<Decision> executionStarted(
      long executionId,
      long rootExecutionId,
      long time,
      Optional<StreamingPlans.MicroBatch> microBatch,
      boolean rowLevelWrite,
      Placement.Visitor<ExecutionFacts> reading) {
    Placement placement = placeStart(executionId, rootExecutionId, time, microBatch, rowLevelWrite);
    ExecutionFacts facts = placement.accept(reading);
    OperationRun run = placement.run();
    assignFlow(run, facts);
    if (facts.planRead() && placement instanceof Placement.Nested nested) {
      nestedRead.add(nested.executionId());
    }
    List<Decision> decisions = new ArrayList<>();
    if (run.parent != null) {
      decisions.addAll(startIfReady(run.parent)); // the parent's START comes first
    }
    decisions.addAll(startIfReady(run));
    return decisions;
  }

  private Placement placeStart(
      long executionId,
      long rootExecutionId,
      long time,
      Optional<StreamingPlans.MicroBatch> microBatch,
      boolean rowLevelWrite) {
    OperationRun root = rootExecutionId == executionId ? null : runs.get(rootExecutionId);
    boolean inMicroBatch = root != null && rowLevelWrite && StreamingQueryRuns.isStreaming(root);
    if (root != null && !inMicroBatch) {
      nestedUnder.put(executionId, rootExecutionId);
      touch(root, time);
      return new Placement.Nested(root, executionId, false);
    }
    if (microBatch.isPresent()) {
      OperationRun run = microBatchRun(microBatch.get(), time);
      runs.put(executionId, run);
      return new Placement.MicroBatch(run, true);
    }
    OperationRun run =
        new OperationRun(UUIDUtils.generateNewUUID(), time, inMicroBatch ? root : null);
    runs.put(executionId, run);
    touch(run, time);
    return new Placement.Own(run, false);
  }

  /**
   * An execution ended at {@code time}: placed (its own run is no longer tracked after this call),
   * read ({@code reading}, once, for its placement, then {@link EndReading#forTerminal} when it is
   * a root whose terminal event is due), and decided ({@link EndDecisions}); nothing is read for an
   * execution nested under a root no longer tracked.
   *
   * @param failure why the execution failed, or null when it succeeded
   * @param reading reads what the placement needs into the run and returns the facts found
   */
  public List<Decision> executionEnded(
      long executionId,
      long time,
      Optional<StreamingPlans.MicroBatch> microBatch,
      Throwable failure,
      EndReading reading) {
    Placement placement = placeEnd(executionId, time, microBatch);
    if (placement.run() == null) {
      return List.of();
    }
    ExecutionFacts facts = placement.accept(reading);
    if (placement instanceof Placement.Own own && terminalDueAtEnd(own.run())) {
      facts = reading.forTerminal(own.run(), facts);
    }
    return placement.accept(new EndDecisions(this, time, failure, facts));
  }

  /**
   * At its root's end (when its tags are known, {@link #endedTagsKnown}), whether {@code run} gets
   * a terminal event: it started, or its START is due now; never for metadata-only DDL. {@link
   * EndDecisions} decides the same from the same state.
   */
  private boolean terminalDueAtEnd(OperationRun run) {
    return run.started() || startable(run);
  }

  private Placement placeEnd(
      long executionId, long time, Optional<StreamingPlans.MicroBatch> microBatch) {
    Long rootId = nestedUnder.remove(executionId);
    if (rootId != null) {
      boolean read = nestedRead.remove(executionId);
      OperationRun root = runs.get(rootId);
      if (root == null) {
        return new Placement.Untracked();
      }
      touch(root, time);
      return new Placement.Nested(root, executionId, read);
    }
    OperationRun run = runs.remove(executionId);
    if (run == null && microBatch.isPresent()) {
      return new Placement.MicroBatch(microBatchRun(microBatch.get(), time), false);
    }
    if (run != null && StreamingQueryRuns.isStreaming(run)) {
      return new Placement.MicroBatch(run, true);
    }
    if (run == null) {
      return new Placement.Own(new OperationRun(UUIDUtils.generateNewUUID(), time), true);
    }
    forget(run);
    return new Placement.Own(run, false);
  }

  /** The run an execution belongs to: its own, or that of its root; null when untracked. */
  public OperationRun runOf(long executionId) {
    Long root = nestedUnder.get(executionId);
    return runs.get(root != null ? root : executionId);
  }

  /**
   * A Spark job of {@code run} started: the first one gives the run the tags of the thread's local
   * properties, and START may follow.
   */
  public List<Decision> jobStarted(OperationRun run, LocalPropertyTags.Snapshot tags, long time) {
    touch(run, time);
    if (run.naming.tagsKnown()) {
      return List.of();
    }
    run.naming.setTags(tags);
    return startIfReady(run);
  }

  /**
   * The run executes the flow the reading found, of a running Spark Declarative Pipeline update:
   * the flow names its job and its parent ({@code PipelineUpdates}), unless the run has a flow or
   * started already.
   */
  static void assignFlow(OperationRun run, ExecutionFacts facts) {
    if (run.naming.flow() == null && !run.started()) {
      facts.flow().ifPresent(run.naming::setFlow);
    }
  }

  /**
   * An RDD job's run ({@code RddJobRuns}) opened, with the tags of its thread's local properties
   * ({@code headwater.tags(...)} around an RDD action).
   */
  public void rddJobStarted(OperationRun run, LocalPropertyTags.Snapshot tags) {
    run.naming.setTags(tags);
  }

  /** The job name of a view's JobEvent, from the DDL's lineage as its static events show it. */
  String ddlJobName(RunFindings found, ExecutionLineage lineage) {
    return jobNames.ofDdl(found, lineage);
  }

  /** A root's end: nothing more can make its thread's tags known. */
  void endedTagsKnown(OperationRun run) {
    run.naming.setTagsKnown();
  }

  /** START of an RDD job's run, now that it has an output, with its job name {@code jobName}. */
  public Decision.Start rddJobNamed(OperationRun run, String jobName) {
    run.naming.setJobName(jobName);
    return new Decision.Start(run);
  }

  /**
   * START, when {@code run} is ready for it: not started yet, its plan part known, a dataset
   * touched (or its analysis failed: {@link RunFindings#analysisFailed}, or its optimized-plan root
   * is in {@code filter.allowedSparkNodes}), its root not in {@code filter.deniedSparkNodes}, its
   * tags known, and reported as a run (not static DDL).
   */
  List<Decision> startIfReady(OperationRun run) {
    if (run.started() || !run.naming.tagsKnown() || !startable(run)) {
      return List.of();
    }
    run.naming.setJobName(jobNames.of(run));
    return List.of(new Decision.Start(run));
  }

  /**
   * Whether {@code run}'s START may go out once its tags are known: what {@link #startIfReady}
   * requires beside tags and not having started.
   */
  private boolean startable(OperationRun run) {
    RunFindings found = run.findings;
    Optional<Boolean> node =
        found.rootClass() == null ? Optional.empty() : compat.nodeDecision(found.rootClass());
    return found.planPart() != null
        && !node.equals(Optional.of(false))
        && (!found.lineage().isEmpty() || found.analysisFailed() || node.isPresent())
        && found.staticKind() == StaticLineage.Kind.NONE;
  }

  /**
   * A streaming query run started; its run opens now (events follow with its micro-batches).
   *
   * @param flow the streaming flow of a running Spark Declarative Pipeline update the query runs,
   *     read before ({@code PipelineUpdates}): it names the run's job unless the run has a flow
   */
  public void streamingQueryStarted(
      UUID queryRunId,
      String queryName,
      String timestamp,
      long time,
      Optional<PipelineFlowRun> flow) {
    OperationRun run = streaming.started(queryRunId, queryName, timestamp, time);
    if (run.naming.flow() == null) {
      flow.ifPresent(run.naming::setFlow);
    }
  }

  /**
   * A streaming query terminated at {@code time}: COMPLETE, or FAIL when it died of {@code
   * failure}, for a run that started; nothing for one whose micro-batches touched no dataset.
   */
  public List<Decision> streamingQueryTerminated(UUID queryRunId, long time, Throwable failure) {
    OperationRun run = streaming.terminated(queryRunId);
    runs.values().removeIf(open -> open == run);
    if (run == null || !run.started()) {
      return List.of();
    }
    return List.of(new Decision.Terminal(run, time, failure));
  }

  /**
   * Forgets batch runs that had no event since {@code now - idleTimeout}, and the least recently
   * active ones beyond {@code maxOpenRuns}: ABORT for those that started.
   */
  public List<Decision> expire(long now) {
    List<Decision> decisions = new ArrayList<>();
    idle.expired(batchRuns(), now).forEach((run, why) -> abandon(run, now, why, decisions));
    return decisions;
  }

  /**
   * Every open run, batch and streaming, forgotten at once (the application is going away): ABORT
   * for those that started.
   */
  public List<Decision> abortAll(long time, String reason) {
    List<Decision> decisions = new ArrayList<>();
    Set<OperationRun> open = new java.util.LinkedHashSet<>(runs.values());
    open.addAll(streaming.open());
    for (OperationRun run : open) {
      abandon(run, time, reason, decisions);
      streaming.forget(run);
    }
    return decisions;
  }

  /** Runs, nested executions and streaming queries tracked now (for tests and diagnostics). */
  public int openRuns() {
    return new HashSet<>(runs.values()).size() + streaming.open().size();
  }

  private void abandon(OperationRun run, long time, String reason, List<Decision> decisions) {
    for (Iterator<Map.Entry<Long, OperationRun>> it = runs.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<Long, OperationRun> entry = it.next();
      if (entry.getValue() == run) {
        it.remove();
        Long rootId = entry.getKey();
        nestedUnder
            .entrySet()
            .removeIf(
                nested -> {
                  if (nested.getValue().equals(rootId)) {
                    nestedRead.remove(nested.getKey());
                    return true;
                  }
                  return false;
                });
      }
    }
    forget(run);
    if (run.started()) {
      decisions.add(new Decision.Abort(run, time, reason));
    }
  }

  private List<OperationRun> batchRuns() {
    List<OperationRun> batch = new ArrayList<>();
    for (OperationRun run : new java.util.LinkedHashSet<>(runs.values())) {
      if (!StreamingQueryRuns.isStreaming(run)) {
        batch.add(run);
      }
    }
    return batch;
  }

  private OperationRun microBatchRun(StreamingPlans.MicroBatch microBatch, long time) {
    OperationRun run = streaming.microBatch(microBatch.queryRunId(), time);
    // a streaming run starts with its first micro-batch, not its first Spark job: local-property
    // tags do not reach it
    run.naming.setTagsKnown();
    return run;
  }

  private void touch(OperationRun run, long time) {
    idle.touch(run, time);
  }

  private void forget(OperationRun run) {
    idle.forget(run);
  }
}
