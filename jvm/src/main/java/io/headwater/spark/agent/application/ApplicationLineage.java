package io.headwater.spark.agent.application;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.ApplicationLineageSettings;
import io.headwater.spark.facets.ApplicationLineageRunFacet;
import io.headwater.spark.facets.FacetMerge;
import io.headwater.spark.facets.HeadwaterVersion;
import io.headwater.spark.reading.columns.ColumnLineageFacets;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.RunEvent.EventType;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The application as one step of a pipeline ({@code spark.openlineage.application.lineage.*}, off
 * by default): child runs' terminal events are recorded as they end ({@link #childEnded}), and the
 * application run's COMPLETE or FAIL event gets, once, at the application's end ({@link #addTo}):
 * the application's external inputs, its outputs each with the {@code columnLineage} facet composed
 * through its intermediate datasets ({@link LineageComposer}), and the {@code
 * headwater_applicationLineage} run facet ({@link ApplicationLineageRunFacet}: child runs, the
 * intermediate datasets left out, a limit that cut it, the failed child runs). Off, both do
 * nothing: the events are today's.
 */
@Internal
public final class ApplicationLineage {
  private final ApplicationLineageSettings settings;
  private final OpenLineage openLineage;
  private final ChildRunRecorder recorder;

  /**
   * @param settings {@code spark.openlineage.application.lineage.*}
   * @param openLineage the model factory (the producer)
   */
  public ApplicationLineage(ApplicationLineageSettings settings, OpenLineage openLineage) {
    this.settings = settings;
    this.openLineage = openLineage;
    this.recorder = new ChildRunRecorder(settings.sizeLimit());
  }

  /** A child run of the application ended with {@code event} (any type; terminal ones count). */
  public void childEnded(OpenLineage.RunEvent event) {
    if (settings.enabled()) {
      recorder.ended(event);
    }
  }

  /**
   * {@code applicationEvent} with the application's lineage, when it is on and the event is the
   * application run's COMPLETE or FAIL; else {@code applicationEvent} itself. Composition runs
   * here, within {@code application.lineage.timeBudgetMillis}.
   */
  public OpenLineage.RunEvent addTo(OpenLineage.RunEvent applicationEvent) {
    EventType type = applicationEvent.getEventType();
    if (!settings.enabled() || (type != EventType.COMPLETE && type != EventType.FAIL)) {
      return applicationEvent;
    }
    long deadline = System.nanoTime() + settings.timeBudget().toNanos();
    LineageComposer.Composed composed =
        LineageComposer.compose(
            recorder.recorded(),
            settings.intermediateDatasets(),
            () -> System.nanoTime() - deadline > 0);
    List<OpenLineage.InputDataset> inputs =
        composed.inputs().stream()
            .map(
                ref ->
                    openLineage
                        .newInputDatasetBuilder()
                        .namespace(ref.namespace())
                        .name(ref.name())
                        .build())
            .toList();
    List<OpenLineage.OutputDataset> outputs =
        composed.outputs().stream().map(ref -> output(ref, composed.columns().get(ref))).toList();
    OpenLineage.RunFacets facets =
        FacetMerge.merge(
            Map.of(ApplicationLineageRunFacet.NAME, facet(composed)),
            applicationEvent.getRun().getFacets(),
            OpenLineage.RunFacets.class,
            openLineage::newRunFacetsBuilder);
    return openLineage
        .newRunEventBuilder()
        .eventType(type)
        .eventTime(applicationEvent.getEventTime())
        .run(openLineage.newRun(applicationEvent.getRun().getRunId(), facets))
        .job(applicationEvent.getJob())
        .inputs(inputs)
        .outputs(outputs)
        .build();
  }

  private OpenLineage.OutputDataset output(DatasetRef ref, LineageComposer.Columns columns) {
    OpenLineage.OutputDatasetBuilder output =
        openLineage.newOutputDatasetBuilder().namespace(ref.namespace()).name(ref.name());
    if (columns != null) {
      output.facets(
          openLineage
              .newDatasetFacetsBuilder()
              .columnLineage(
                  ColumnLineageFacets.of(openLineage, columns.fields(), columns.rowLevel()))
              .build());
    }
    return output.build();
  }

  private ApplicationLineageRunFacet facet(LineageComposer.Composed composed) {
    String cut = null;
    Long limit = null;
    if (recorder.cut()) {
      cut = "SIZE_LIMIT";
      limit = (long) settings.sizeLimit();
    } else if (composed.timedOut()) {
      cut = "TIME_BUDGET";
      limit = settings.timeBudget().toMillis();
    }
    return new ApplicationLineageRunFacet(
        HeadwaterVersion.PRODUCER,
        new ApplicationLineageRunFacet.Summary(
            recorder.childRuns(),
            recorder.composedRuns(),
            composed.leftOut().stream()
                .<Map<String, String>>map(
                    ref -> new TreeMap<>(Map.of("namespace", ref.namespace(), "name", ref.name())))
                .toList(),
            cut,
            limit,
            recorder.failures(),
            recorder.failuresTotal()));
  }
}
