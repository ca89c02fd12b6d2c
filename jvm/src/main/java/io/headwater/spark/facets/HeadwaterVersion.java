package io.headwater.spark.facets;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Properties;

/**
 * Headwater's version (from the build) and the producer URI that every event and facet carries in
 * {@code producer}/{@code _producer}.
 */
public final class HeadwaterVersion {
  /**
   * The agent's version, e.g. {@code 0.1.0}; {@code unknown} when the jar lacks its version
   * resource.
   */
  public static final String VERSION = readVersion();

  /**
   * The producer URI of every event: {@code
   * https://github.com/headwater-lineage/headwater/tree/<version>/jvm}.
   */
  public static final URI PRODUCER =
      URI.create("https://github.com/headwater-lineage/headwater/tree/" + VERSION + "/jvm");

  private HeadwaterVersion() {}

  private static String readVersion() {
    try (InputStream in =
        HeadwaterVersion.class.getResourceAsStream(
            "/io/headwater/spark/headwater-version.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
