/**
 * How the application ends when Spark does not say so: SIGTERM/SIGINT/SIGHUP and the JVM shutdown
 * hook ({@code Termination}), a Python driver's exit ({@code PythonDriver}) and a long-running
 * server driver (Spark Connect, Thrift) whose application run stays RUNNING ({@code ServerDriver}).
 * Uses nothing else of the agent.
 */
package io.headwater.spark.agent.termination;
