package io.headwater.spark.agent.events;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.config.OptInFacets;
import io.headwater.spark.config.Redaction;
import io.headwater.spark.emit.DeliveryStatus;
import io.headwater.spark.facets.DebugRunFacet;
import io.headwater.spark.facets.LogicalPlanRunFacet;
import io.headwater.spark.logging.OnceLog;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.QueryExecution;
import org.slf4j.LoggerFactory;

/**
 * Adds the opt-in run facets ({@link OptInFacets}) to an event of a SQL or RDD run: {@code
 * spark.logicalPlan} (SQL runs, every event) and {@code debug} (every event, or a smart one on the
 * COMPLETE event of a run that misses datasets, with a log line saying which). A facet that cannot
 * be built is left out and said once in the log; the event is never lost.
 */
@Internal
public final class OptInRunFacets {
  private static final OnceLog FAILED = new OnceLog(LoggerFactory.getLogger(OptInRunFacets.class));

  private final URI producer;
  private final OptInFacets settings;
  private final Redaction redaction;
  private final java.util.function.Supplier<DeliveryStatus> counters;

  /**
   * @param producer the facets' producer URI
   * @param settings which facets are on
   * @param redaction what must not leave the process
   * @param counters the delivery counters now, the {@code debug} facet's {@code metrics}
   */
  public OptInRunFacets(
      URI producer,
      OptInFacets settings,
      Redaction redaction,
      java.util.function.Supplier<DeliveryStatus> counters) {
    this.producer = producer;
    this.settings = settings;
    this.redaction = redaction;
    this.counters = counters;
  }

  /** The delivery counters as the {@code debug} facet's {@code metrics}: numbers and a flag. */
  private java.util.Map<String, Object> metrics() {
    DeliveryStatus status = counters.get();
    java.util.Map<String, Object> metrics = new java.util.LinkedHashMap<>();
    metrics.put("emitted", status.emitted());
    metrics.put("delivered", status.delivered());
    metrics.put("retried", status.retried());
    metrics.put("spooled", status.spooled());
    metrics.put("replayed", status.replayed());
    metrics.put("dropped", status.dropped());
    metrics.put("endpointDown", status.endpointDown());
    return metrics;
  }

  /**
   * Adds the facets that are on to {@code facets}, for an event of {@code type} of a run whose
   * extension context is {@code context} (null when the run has none) listing {@code inputs} and
   * {@code outputs}.
   */
  void addTo(
      OpenLineage.RunFacetsBuilder facets,
      OpenLineage.RunEvent.EventType type,
      OpenLineageContext context,
      List<?> inputs,
      List<?> outputs) {
    if (context == null || context.sparkContext() == null) {
      return;
    }
    Optional<LogicalPlan> plan =
        context.queryExecution().map(OptInRunFacets::optimized).filter(p -> p != null);
    if (settings.logicalPlan() && plan.isPresent()) {
      try {
        facets.put(
            LogicalPlanRunFacet.NAME, LogicalPlanRunFacet.of(producer, plan.get(), redaction));
      } catch (RuntimeException e) {
        failed(LogicalPlanRunFacet.NAME, e);
      }
    }
    boolean complete = type == OpenLineage.RunEvent.EventType.COMPLETE;
    if (!settings.debugFor(complete, !inputs.isEmpty(), !outputs.isEmpty())) {
      return;
    }
    List<String> logs = new ArrayList<>();
    if (!settings.debug()) {
      if (inputs.isEmpty()) {
        logs.add("No input datasets detected");
      }
      if (outputs.isEmpty()) {
        logs.add("No output datasets detected");
      }
    }
    try {
      facets.put(
          DebugRunFacet.NAME,
          DebugRunFacet.of(
              producer,
              context.sparkContext(),
              context.sparkSession(),
              context.queryExecution().map(OptInRunFacets::analyzed).filter(p -> p != null),
              logs,
              metrics(),
              redaction));
    } catch (RuntimeException e) {
      failed(DebugRunFacet.NAME, e);
    }
  }

  private void failed(String facet, RuntimeException e) {
    FAILED.warn(
        facet + e.getClass().getName(),
        "Headwater: the {} facet could not be built and is left out: {}",
        facet,
        redaction.text(String.valueOf(e)));
  }

  private static LogicalPlan analyzed(QueryExecution execution) {
    try {
      return execution.analyzed();
    } catch (RuntimeException analysisFailed) {
      return null;
    }
  }

  private static LogicalPlan optimized(QueryExecution execution) {
    try {
      return execution.optimizedPlan();
    } catch (RuntimeException analysisFailed) {
      return null;
    }
  }
}
