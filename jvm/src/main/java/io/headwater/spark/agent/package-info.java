/**
 * The agent on Spark's listener bus: the listener Spark calls ({@code OpenLineageSparkListener},
 * which only routes events), its deferred start ({@code DeferredStart}, {@code StartSteps}), the
 * wiring of one agent from its configuration ({@code AgentFactory}), the agent itself ({@code
 * LineageAgent}: one analysis thread, the application run, the bounded end), attaching to a running
 * application ({@code Attachment}) and what Python calls through py4j ({@code PythonEntryPoints}).
 * The sub-packages below it hold the rest by kind; this package uses them and none of them uses it.
 */
package io.headwater.spark.agent;
