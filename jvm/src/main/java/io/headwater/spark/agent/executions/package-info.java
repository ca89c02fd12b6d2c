/**
 * SQL executions: {@code RunCoordinator} coordinates their runs on the agent's analysis thread, one
 * listener event at a time and one tracker entry per execution event; {@code PlacementReads} is the
 * reading for each kind of placement (plans, builders, and every other read returned as facts,
 * before the tracker decides); {@code DecisionEmitter} carries out the decisions, reading nothing.
 * The top of the sub-packages: it uses the others (not the agent's root package, which wires it).
 */
package io.headwater.spark.agent.executions;
