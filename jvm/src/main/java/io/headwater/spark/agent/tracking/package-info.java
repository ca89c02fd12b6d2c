/**
 * The run state machine: {@code ExecutionTracker} places each SQL execution event ({@code
 * Placement}: own run, nested, micro-batch, untracked), has the agent's reading for it return its
 * {@code ExecutionFacts}, decides once what is due ({@code Decision}: START, RUNNING, terminal,
 * static events, ABORT; an end's by {@code EndDecisions}) and names the job ({@code RunJobNames});
 * {@code StreamingQueryRuns} holds the runs of streaming queries, {@code IdleRuns} says when a run
 * whose end never came is forgotten. No I/O: it decides, others read and emit. Uses {@code
 * agent.runs} only.
 */
package io.headwater.spark.agent.tracking;
