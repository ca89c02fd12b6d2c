/**
 * The record of an OpenLineage run: an execution's, an RDD job's or a streaming query's run ({@code
 * OperationRun}) split by owner ({@code RunFindings} written by {@code RunFindingsWriter} alone,
 * {@code RunNaming}, {@code RunMetrics}), the application run, a run's thread tags ({@code
 * LocalPropertyTags}), its pipeline flow and update ({@code PipelineFlowRun}, {@code
 * PipelineFlowJob}, {@code PipelineUpdate}), what reading an execution adds to it ({@code
 * RunFindingsWriter}, {@code RunBuilders}, {@code SparkPropertiesCapture}, {@code ConnectClients})
 * and a failed analysis. The lowest of the agent's sub-packages: it uses none of them.
 */
package io.headwater.spark.agent.runs;
