/**
 * SQL executions: {@code RunCoordinator} coordinates their runs on the agent's analysis thread, one
 * listener event at a time (has the plans read, runs the builders, carries out the tracker's
 * decisions) and {@code PlacementReads} reads what each kind of placement needs. The top of the
 * sub-packages: it uses the others (not the agent's root package, which wires it).
 */
package io.headwater.spark.agent.executions;
