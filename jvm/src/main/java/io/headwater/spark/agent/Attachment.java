package io.headwater.spark.agent;

import io.headwater.spark.annotation.Internal;
import java.util.Map;
import org.apache.spark.SparkContext;

/**
 * Adds the agent to a SparkContext that is already running (Python's {@code
 * headwater.attach(spark)}): the normal case in notebooks and shells, where the session exists
 * before the user's code runs and {@code spark.extraListeners} can no longer take effect.
 *
 * <p>The agent is configured like one named in {@code spark.extraListeners}: from the context's
 * Spark configuration, with {@code options} (full {@code spark.*} keys) set over it, then {@code
 * openlineage.yml} and the environment. Since it never sees Spark's application start, its
 * application run starts when it is attached; it ends at application end or when the listener is
 * detached ({@link OpenLineageSparkListener#detach}). The first query after this call is captured.
 */
@Internal
public final class Attachment {
  private Attachment() {}

  /**
   * Builds a listener from {@code context}'s configuration and {@code options}, emits its
   * application START and registers it with the context's listener bus.
   *
   * @param options Spark configuration entries that override the context's (e.g. {@code
   *     spark.openlineage.transport.type=file})
   * @return the registered listener; {@link OpenLineageSparkListener#isEnabled} is false when the
   *     configuration cannot be used (logged once, as at start-up); it is registered all the same,
   *     doing nothing, so that detaching it works the same way
   */
  public static OpenLineageSparkListener attach(SparkContext context, Map<String, String> options) {
    Map<String, String> settings = AgentHandle.settings(context.getConf());
    settings.putAll(options);
    // Built with the agent's own class loader as the context loader of the thread that builds it
    // (the listener's constructor hands it on): the OpenLineage client and the extension runtime
    // find their services (transports, the built-in factory) through it, and the agent's threads
    // inherit it. Attached from Python, the agent lives in a class loader of its own below
    // Spark's, which Spark's context loader cannot see.
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(Attachment.class.getClassLoader());
    OpenLineageSparkListener listener;
    try {
      listener = new OpenLineageSparkListener(settings);
    } finally {
      thread.setContextClassLoader(previous);
    }
    listener.attached(System.currentTimeMillis());
    context.addSparkListener(listener);
    return listener;
  }
}
