/**
 * SQL executions: {@code ExecutionAnalysis} handles each execution event on the agent's analysis
 * thread (reads the plans, runs the builders, carries out the tracker's decisions) and {@code
 * ExecutionReading} reads what each kind of placement needs. The top of the sub-packages: it uses
 * the others (not the agent's root package, which wires it).
 */
package io.headwater.spark.agent.executions;
