/**
 * The run state machine: {@code ExecutionTracker} places each SQL execution event ({@code
 * Placement}: own run, nested, micro-batch, untracked), decides what is due ({@code Decision}:
 * START, RUNNING, terminal, static events, ABORT) and names the job ({@code RunJobNames}); {@code
 * StreamingQueryRuns} holds the runs of streaming queries. No I/O: it decides, others read and
 * emit. Uses {@code agent.runs} only.
 */
package io.headwater.spark.agent.tracking;
