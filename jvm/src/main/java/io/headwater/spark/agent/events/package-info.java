/**
 * OpenLineage event assembly: run, job and static events from a run's record ({@code
 * RunEventFactory}, {@code StaticEvents}), their run and job facets ({@code ApplicationFacets},
 * {@code OptInRunFacets}, {@code JobMetadata}, {@code StatisticsFacets}), the emission of a run's
 * events ({@code RunEmitter}), the runs ended lately ({@code RecentRuns}) and the static-lineage
 * API Python calls ({@code StaticLineageApi}). Uses {@code agent.runs} only.
 */
package io.headwater.spark.agent.events;
