/**
 * Spark Declarative Pipelines: the runs of a pipeline update and of its flows, from Spark Connect's
 * pipeline events ({@code PipelineUpdates}), and their events ({@code PipelineEvents}). Uses {@code
 * agent.events} and {@code agent.runs}.
 */
package io.headwater.spark.agent.pipelines;
