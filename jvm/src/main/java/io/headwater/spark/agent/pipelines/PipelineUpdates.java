package io.headwater.spark.agent.pipelines;

import io.headwater.spark.agent.events.RunEventFactory;
import io.headwater.spark.agent.runs.ApplicationRun;
import io.headwater.spark.agent.runs.PipelineFlowJob;
import io.headwater.spark.agent.runs.PipelineFlowRun;
import io.headwater.spark.agent.runs.PipelineUpdate;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.compat.pipelines.ConnectOperation;
import io.headwater.spark.compat.pipelines.GraphHandle;
import io.headwater.spark.compat.pipelines.PipelineFlow;
import io.headwater.spark.compat.pipelines.PipelineGraph;
import io.headwater.spark.compat.pipelines.PipelineGraphException;
import io.headwater.spark.compat.pipelines.PipelineGraphs;
import io.headwater.spark.config.RuntimeSettings;
import io.headwater.spark.emit.EmissionQueue;
import io.headwater.spark.extensions.RunContexts;
import io.headwater.spark.facets.HeadwaterVersion;
import io.headwater.spark.facets.SparkPipelineJobFacet;
import io.headwater.spark.logging.OnceLog;
import io.headwater.spark.naming.JobNames;
import io.headwater.spark.pipelines.PipelineLineage;
import io.headwater.spark.reading.ExecutionLineage;
import io.openlineage.client.OpenLineage.RunEvent.EventType;
import io.openlineage.client.utils.UUIDUtils;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Spark Declarative Pipelines as the agent reports them, from the pipeline commands a Spark Connect
 * server runs ({@link ConnectOperation}); on the analysis thread only.
 *
 * <pre>
 *   a command defines elements of graph G  ──▶ G is held (Spark drops it with its session)
 *   StartRun(G, dry)   ──▶ G resolved and validated as Spark does it:
 *                           resolves  ──▶ its DatasetEvents and JobEvents ({@link PipelineEvents})
 *                           does not  ──▶ none (the dry run or run fails with Spark's own error)
 *   StartRun(G, run)   ──▶ also START of the pipeline update (job {@code <pipeline>}); while it runs,
 *                           an execution writing a batch flow's destination and a streaming query
 *                           named after a streaming flow are that flow's runs ({@link #flowWriting},
 *                           {@link #flowRunning}): job {@code <pipeline>.<flow>}, parent the update
 *   its operation ends ──▶ COMPLETE, FAIL with Spark's error, or ABORT when canceled
 *   the session closes ──▶ its graphs are let go
 * </pre>
 *
 * The pipeline's name is {@code spark.openlineage.pipeline.name} from its own configuration, else
 * the driver's, else the application's name. Graphs held are bounded ({@value #MAX_GRAPHS}, the
 * least recently named let go first). A graph that cannot be read for another reason (a Spark whose
 * internals changed) is logged once and gives no static events; the update's run is still reported.
 */
@Internal
public final class PipelineUpdates {
  private static final Logger LOG = LoggerFactory.getLogger(PipelineUpdates.class);
  private static final OnceLog UNREADABLE = new OnceLog(LOG);

  /** Graphs held at most. */
  static final int MAX_GRAPHS = 64;

  private final Optional<PipelineGraphs> graphs;
  private final PipelineEvents staticEvents;
  private final RunEventFactory events;
  private final EmissionQueue emission;
  private final RunContexts contexts;
  private final ApplicationRun application;
  private final Optional<String> configuredName;
  private final Map<String, GraphHandle> held =
      new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, GraphHandle> eldest) {
          return size() > MAX_GRAPHS;
        }
      };
  private final Map<String, PipelineUpdate> running = new HashMap<>();
  // why the graph of a running StartRun operation did not resolve, by operation id, until it ends
  private final Map<String, String> resolutionErrors = new HashMap<>();

  /** The operation ids of the dry-runs and runs in progress (their graphs are being resolved). */
  private final Set<String> active = new HashSet<>();

  /**
   * @param graphs the running Spark's pipeline machinery, when it has one Headwater can read
   * @param configuredName {@code spark.openlineage.pipeline.name} of the driver
   */
  public PipelineUpdates(
      Optional<PipelineGraphs> graphs,
      PipelineEvents staticEvents,
      RunEventFactory events,
      EmissionQueue emission,
      RunContexts contexts,
      ApplicationRun application,
      Optional<String> configuredName) {
    this.graphs = graphs;
    this.staticEvents = staticEvents;
    this.events = events;
    this.emission = emission;
    this.contexts = contexts;
    this.application = application;
    this.configuredName = configuredName;
  }

  /** What a Spark Connect operation says about pipelines happened. */
  public void on(ConnectOperation operation) {
    if (operation instanceof ConnectOperation.CommandStarted started) {
      commandStarted(started);
    } else if (operation instanceof ConnectOperation.OperationEnded ended) {
      operationEnded(ended);
    } else if (operation instanceof ConnectOperation.SessionClosed closed) {
      held.values().removeIf(graph -> graph.sessionId().equals(closed.sessionId()));
    }
  }

  /**
   * True while a pipeline dry-run or run is in progress. Spark, and the agent itself, resolve its
   * graph then: a query whose analysis fails then is one of the graph's definitions, reported as
   * the update's failure (or the dry-run's error), not a run of its own.
   */
  public boolean resolving() {
    return !active.isEmpty();
  }

  /**
   * The flow a SQL execution runs: the batch flow of a running update whose destination is the
   * execution's only output.
   */
  public Optional<PipelineFlowRun> flowWriting(ExecutionLineage lineage) {
    if (running.isEmpty() || lineage.outputs().size() != 1) {
      return Optional.empty();
    }
    String key = ExecutionLineage.key(lineage.outputs().get(0));
    return running.values().stream()
        .map(update -> update.batchFlows().get(key))
        .filter(java.util.Objects::nonNull)
        .findFirst();
  }

  /** The flow a streaming query runs: the streaming flow of a running update it is named after. */
  public Optional<PipelineFlowRun> flowRunning(String queryName) {
    if (running.isEmpty() || queryName == null) {
      return Optional.empty();
    }
    return running.values().stream()
        .map(update -> update.streamingFlows().get(queryName))
        .filter(java.util.Objects::nonNull)
        .findFirst();
  }

  /** ABORT for every update still running (the application is ending). */
  public void abortAll(long time) {
    for (PipelineUpdate update : List.copyOf(running.values())) {
      emission.submit(
          events.pipelineUpdateEvent(EventType.ABORT, time, update, application, Optional.empty()));
    }
    running.clear();
    resolutionErrors.clear();
  }

  private void commandStarted(ConnectOperation.CommandStarted started) {
    started.graph().ifPresent(graph -> held.putIfAbsent(graph.graphId(), graph));
    GraphHandle graph = held.get(started.graphId());
    if (started.run() == ConnectOperation.Run.NONE) {
      return;
    }
    active.add(started.operationId());
    if (graph == null) {
      LOG.info(
          "Headwater: pipeline graph {} was not found in its session; no pipeline lineage for"
              + " operation {}",
          started.graphId(),
          started.operationId());
      return;
    }
    String pipelineName =
        RuntimeSettings.pipelineName(graph.conf()::get, configuredName)
            .orElse(application.jobName());
    String jobName = JobNames.pipeline(pipelineName);
    PipelineUpdate update =
        started.run() == ConnectOperation.Run.RUN
            ? new PipelineUpdate(
                UUIDUtils.generateNewUUID(),
                started.operationId(),
                jobName,
                started.time(),
                new SparkPipelineJobFacet(
                    HeadwaterVersion.PRODUCER, pipelineName, Optional.empty()),
                new HashMap<>(),
                new HashMap<>())
            : null;
    resolve(graph, started.operationId())
        .ifPresent(resolved -> emitStatic(resolved, pipelineName, update, started));
    if (update != null) {
      running.put(started.operationId(), update);
      emission.submit(
          events.pipelineUpdateEvent(
              EventType.START, started.time(), update, application, Optional.empty()));
    }
  }

  private void emitStatic(
      PipelineGraph graph,
      String pipelineName,
      PipelineUpdate update,
      ConnectOperation.CommandStarted started) {
    PipelineEvents.Built built;
    try {
      OpenLineageContext context =
          contexts.of(
              update != null ? update.runId() : UUIDUtils.generateNewUUID(),
              Optional.of(graph.session()),
              Optional.empty());
      PipelineLineage lineage =
          new PipelineLineage(context, graph, pipelineName, application.namespace());
      built = staticEvents.of(context, graph, lineage, application.namespace(), started.time());
      if (update != null) {
        for (PipelineFlow flow : graph.flows()) {
          PipelineFlowRun run =
              new PipelineFlowRun(
                  PipelineFlowJob.of(flow, lineage), update.runId(), update.jobName());
          if (flow.type() == PipelineFlow.Type.STREAMING) {
            update.streamingFlows().put(flow.identifier().unquotedString(), run);
          } else {
            lineage
                .dataset(flow.destination())
                .map(lineage.names()::identity)
                .ifPresent(
                    id ->
                        update
                            .batchFlows()
                            .put(ExecutionLineage.key(id.getNamespace(), id.getName()), run));
          }
        }
      }
    } catch (RuntimeException | LinkageError e) {
      UNREADABLE.warn(
          e.getClass().getName(),
          "Headwater: the graph of pipeline {} could not be read, no static lineage: {}",
          pipelineName,
          e.toString());
      return;
    }
    built.datasets().forEach(emission::submit);
    built.jobs().forEach(emission::submit);
  }

  private Optional<PipelineGraph> resolve(GraphHandle graph, String operationId) {
    try {
      return graphs.map(pipelines -> pipelines.resolve(graph));
    } catch (PipelineGraphException e) {
      LOG.info(
          "Headwater: pipeline graph {} does not resolve, no static lineage: {}",
          graph.graphId(),
          e.getMessage());
      resolutionErrors.put(operationId, e.getMessage());
    } catch (RuntimeException | LinkageError e) {
      UNREADABLE.warn(
          e.getClass().getName(),
          "Headwater: pipeline graph {} could not be resolved, no static lineage: {}",
          graph.graphId(),
          e.toString());
    }
    return Optional.empty();
  }

  private void operationEnded(ConnectOperation.OperationEnded ended) {
    active.remove(ended.operationId());
    PipelineUpdate update = running.remove(ended.operationId());
    Optional<String> resolutionError =
        Optional.ofNullable(resolutionErrors.remove(ended.operationId()));
    if (update == null) {
      return;
    }
    EventType type =
        switch (ended.outcome()) {
          case SUCCEEDED -> EventType.COMPLETE;
          case FAILED -> EventType.FAIL;
          case CANCELED -> EventType.ABORT;
        };
    emission.submit(
        events.pipelineUpdateEvent(
            type,
            ended.time(),
            update,
            application,
            type == EventType.FAIL
                ? Optional.of(failure(ended, resolutionError))
                : Optional.empty()));
  }

  /**
   * The error of a failed update: why its graph did not resolve, when the agent's resolution (the
   * same as Spark's) said so, Spark's own message naming only that some flow failed; then Spark's.
   */
  private static String failure(
      ConnectOperation.OperationEnded ended, Optional<String> resolutionError) {
    String spark = ended.error().filter(m -> !m.isBlank()).orElse("pipeline run failed");
    return resolutionError.map(error -> error + "\n" + spark).orElse(spark);
  }
}
