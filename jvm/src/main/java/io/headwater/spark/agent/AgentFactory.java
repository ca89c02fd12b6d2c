package io.headwater.spark.agent;

import io.headwater.spark.agent.application.ApplicationLineage;
import io.headwater.spark.agent.events.ApplicationFacets;
import io.headwater.spark.agent.events.JobMetadata;
import io.headwater.spark.agent.events.OptInRunFacets;
import io.headwater.spark.agent.events.RecentRuns;
import io.headwater.spark.agent.events.RunEmitter;
import io.headwater.spark.agent.events.RunEventFactory;
import io.headwater.spark.agent.events.StaticEvents;
import io.headwater.spark.agent.events.StaticLineageApi;
import io.headwater.spark.agent.executions.RunCoordinator;
import io.headwater.spark.agent.jobs.RddJobRuns;
import io.headwater.spark.agent.pipelines.PipelineEvents;
import io.headwater.spark.agent.pipelines.PipelineUpdates;
import io.headwater.spark.agent.runs.ApplicationRun;
import io.headwater.spark.agent.runs.ConnectClients;
import io.headwater.spark.agent.runs.RunBuilders;
import io.headwater.spark.agent.runs.RunFindingsWriter;
import io.headwater.spark.agent.runs.SparkPropertiesCapture;
import io.headwater.spark.agent.termination.ServerDriver;
import io.headwater.spark.agent.tracking.ExecutionTracker;
import io.headwater.spark.compat.pipelines.PipelineGraphs;
import io.headwater.spark.config.ConfigLoader;
import io.headwater.spark.config.ConfigSources;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.config.Redaction;
import io.headwater.spark.emit.AgentThread;
import io.headwater.spark.emit.EmissionQueue;
import io.headwater.spark.extensions.DatasetBuilders;
import io.headwater.spark.extensions.EventHandlerFactories;
import io.headwater.spark.extensions.ExtensionFailures;
import io.headwater.spark.extensions.FacetBuilders;
import io.headwater.spark.extensions.LineageExtractor;
import io.headwater.spark.extensions.RunContexts;
import io.headwater.spark.facets.HeadwaterVersion;
import io.headwater.spark.naming.DatasetNameRules;
import io.headwater.spark.naming.JobNames;
import io.headwater.spark.pipelines.PipelinesSupport;
import io.headwater.spark.versions.SparkVersions;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.UUIDUtils;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the agent from the driver's Spark configuration: resolves the configuration ({@link
 * ConfigLoader}), chooses the Spark-version seams ({@link SparkVersions}), loads the extensions'
 * factories ({@link EventHandlerFactories}), builds the transport and wires the agent's parts. A
 * configuration that cannot be used, or a Spark the agent cannot run on, gives one log line naming
 * the cause and no agent: the application runs on unchanged. A setting that is ignored (an unknown
 * key) gives one warning naming it and the closest known key.
 */
final class AgentFactory {
  private static final Logger LOG = LoggerFactory.getLogger(AgentFactory.class);

  /** Batch runs kept open at most (see {@link ExecutionTracker}). */
  static final int MAX_OPEN_RUNS = 10_000;

  private AgentFactory() {}

  /**
   * The agent for a driver whose Spark configuration is {@code settings}; none when it is disabled
   * by configuration or cannot run (logged once, naming the cause and the fix). The Spark version
   * is checked first: on a Spark the agent does not support, reading the configuration could fail
   * on a library version instead of naming the real cause.
   */
  static DeferredStart.Outcome<LineageAgent> create(Map<String, String> settings) {
    StartSteps steps = new StartSteps();
    try {
      steps.time(
          "spark check",
          () -> {
            SparkVersions.check();
            return null;
          });
      HeadwaterConfig config =
          steps.time("configuration", () -> ConfigLoader.load(ConfigSources.forDriver(settings)));
      config.warnings().forEach(warning -> LOG.warn("Headwater: {}", warning));
      if (config.disabled()) {
        LOG.info("Headwater lineage agent is disabled by configuration");
        return DeferredStart.Outcome.off(
            "disabled by configuration (spark.openlineage.disabled or OPENLINEAGE_DISABLED)");
      }
      LineageAgent agent = wire(config, settings, steps);
      LOG.debug("Headwater: {}", steps.summary());
      return DeferredStart.Outcome.ready(agent);
    } catch (Throwable t) {
      if (t instanceof VirtualMachineError error) {
        throw error;
      }
      String reason = Redaction.DEFAULT.text(reason(t));
      LOG.error("Headwater lineage agent disabled: {}", reason);
      return DeferredStart.Outcome.off(reason);
    }
  }

  /**
   * What the log line says: a Spark the agent cannot run on, or a class of the agent that cannot
   * link on it, is named with the Spark version and the supported range.
   */
  private static String reason(Throwable t) {
    if (t instanceof LinkageError) {
      return SparkVersions.unsupported(
              SparkVersions.sparkVersion(), "a class of the agent cannot link: " + t)
          .getMessage();
    }
    return t.getMessage() == null ? t.toString() : t.getMessage();
  }

  private static LineageAgent wire(
      HeadwaterConfig config, Map<String, String> settings, StartSteps steps) {
    OpenLineage openLineage = new OpenLineage(HeadwaterVersion.PRODUCER);
    ExtensionFailures failures = new ExtensionFailures(config.redaction()::text);
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    LineageExtractor extractor =
        steps.time(
            "extensions",
            () ->
                new LineageExtractor(
                    EventHandlerFactories.discover(
                        loader == null ? AgentFactory.class.getClassLoader() : loader, failures),
                    failures,
                    config.columnLineage(),
                    config.redaction()::sql));
    EmissionQueue emission =
        steps.time(
            "transport",
            () ->
                EmissionQueue.create(
                    config.transport(),
                    config.disabledFacets(),
                    config.emit(),
                    config.redaction()));
    ApplicationRun application =
        new ApplicationRun(
            config.compat().applicationRunId().orElseGet(UUIDUtils::generateNewUUID),
            config.namespace(),
            JobNames.application(
                config.appName().orElse(settings.getOrDefault("spark.app.name", ""))),
            ServerDriver.isServer(config.applicationServer(), settings));
    RunContexts contexts = new RunContexts(openLineage, config, application.runId());
    SparkPropertiesCapture properties =
        new SparkPropertiesCapture(
            HeadwaterVersion.PRODUCER, config.capturedProperties(), settings, config.redaction());
    RunEventFactory events =
        steps.time(
            "run facets",
            () ->
                new RunEventFactory(
                    openLineage,
                    SparkVersions.sparkVersion(),
                    config.parent(),
                    config.compat().rootParent(),
                    new JobMetadata(openLineage, config.metadata()),
                    new ApplicationFacets(
                        HeadwaterVersion.PRODUCER,
                        settings,
                        config.customEnvironmentVariables(),
                        System.getenv(),
                        config.redaction()),
                    new OptInRunFacets(
                        HeadwaterVersion.PRODUCER,
                        config.optInFacets(),
                        config.redaction(),
                        emission::status),
                    DatasetNameRules.of(config.compat())));
    StaticEvents staticEvents = new StaticEvents(openLineage, events);
    RunFindingsWriter findingsWriter =
        new RunFindingsWriter(
            extractor,
            contexts,
            properties,
            config.metadata().ddl(),
            config.jobNameStyle(),
            new ConnectClients(
                settings.getOrDefault("spark.app.name", ""), config.appName().isPresent()),
            openLineage);
    RunBuilders builders =
        new RunBuilders(
            new DatasetBuilders(extractor.extensions()),
            new FacetBuilders(extractor.extensions()),
            findingsWriter);
    RecentRuns recentRuns = new RecentRuns();
    ApplicationLineage applicationLineage =
        new ApplicationLineage(config.applicationLineage(), openLineage);
    RunEmitter emitter =
        new RunEmitter(events, application, emission, recentRuns, applicationLineage);
    Optional<PipelineGraphs> pipelineGraphs = PipelinesSupport.graphs();
    PipelineUpdates pipelines =
        new PipelineUpdates(
            pipelineGraphs,
            new PipelineEvents(extractor, staticEvents),
            events,
            emission,
            contexts,
            application,
            config.metadata().pipelineName());
    ExecutionTracker tracker =
        new ExecutionTracker(
            application.jobName(),
            config.jobNameStyle(),
            config.compat(),
            config.runIdleTimeout(),
            MAX_OPEN_RUNS);
    RunCoordinator executions =
        new RunCoordinator(
            tracker,
            findingsWriter,
            builders,
            emitter,
            staticEvents,
            emission,
            application,
            new RddJobRuns(
                application,
                emitter,
                tracker,
                findingsWriter,
                builders::evaluate,
                config.compat().rddEventsDisabled()),
            SparkVersions.streaming(),
            pipelines);
    return steps.time(
        "agent",
        () ->
            new LineageAgent(
                config.emit().closeTimeout(),
                application,
                events,
                properties,
                new AgentThread("headwater-analysis", config.emit().queueCapacity()),
                emission,
                executions,
                builders,
                contexts,
                new StaticLineageApi(
                    openLineage, extractor, emission, staticEvents, config, contexts),
                recentRuns,
                applicationLineage,
                config.settings().keySet().stream().anyMatch(key -> key.startsWith("transport."))));
  }
}
