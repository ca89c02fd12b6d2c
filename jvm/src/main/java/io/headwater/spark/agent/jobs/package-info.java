/**
 * Spark jobs on the listener bus: the scheduler's job captured at its start ({@code ActiveJobs}),
 * which jobs run outside any SQL execution ({@code RddJobIds}) and the files their tasks write
 * ({@code RddStageFiles}), the jobs and stages of SQL executions ({@code SparkJobs}), and the runs
 * of RDD jobs ({@code RddJobRuns}). Uses {@code agent.runs}, {@code agent.tracking} and {@code
 * agent.events}.
 */
package io.headwater.spark.agent.jobs;
