/**
 * The application as one step of a pipeline ({@code spark.openlineage.application.lineage.*}): what
 * the child runs' terminal events leave for it ({@code ChildRunRecorder}: datasets and column
 * lineage only, bounded), the composition of column lineage through the application's own
 * intermediate datasets at its end ({@code LineageComposer}, pure), and what the application run's
 * COMPLETE and FAIL events get of it ({@code ApplicationLineage}). Uses the OpenLineage model,
 * {@code facets}, {@code config} and {@code reading.columns}' transformation rule; no other agent
 * sub-package.
 */
package io.headwater.spark.agent.application;
