package io.headwater.spark.facets;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.versions.AgentBuild;
import java.net.URI;

/**
 * Headwater's version (from the build) and the producer URI that every event and facet carries in
 * {@code producer}/{@code _producer}.
 */
@Internal
public final class HeadwaterVersion {
  /**
   * The agent's version, e.g. {@code 0.1.0}; {@code unknown} when the jar lacks its version
   * resource.
   */
  public static final String VERSION = AgentBuild.CURRENT.version();

  /**
   * The producer URI of every event: {@code
   * https://github.com/headwater-lineage/headwater/tree/<version>/jvm}.
   */
  public static final URI PRODUCER =
      URI.create("https://github.com/headwater-lineage/headwater/tree/" + VERSION + "/jvm");

  private HeadwaterVersion() {}
}
