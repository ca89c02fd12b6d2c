package io.headwater.spark.agent.termination;

import io.headwater.spark.annotation.Internal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether the driver is a long-running SQL server (a Spark Connect or Thrift server, Kyuubi's Spark
 * engine), whose usual way to stop is a signal: {@code sbin/stop-connect-server.sh} and {@code
 * stop-thriftserver.sh} (through {@code spark-daemon.sh}) send it SIGTERM, and so does a resource
 * manager ending an engine's container.
 *
 * <p>{@code spark.openlineage.application.server}, when set, decides. Otherwise the driver is a
 * server when it was started with a server's main class ({@code spark-submit --class
 * org.apache.spark.sql.connect.service.SparkConnectServer}, that class run directly, or YARN's
 * {@code ApplicationMaster --class ...}), as the JVM's command line ({@code sun.java.command})
 * shows, or when {@code spark.plugins} loads the Spark Connect plugin (a Connect server inside any
 * application).
 */
@Internal
public final class ServerDriver {
  /** The main classes of the SQL servers recognised without a setting. */
  static final Set<String> SERVER_CLASSES =
      Set.of(
          "org.apache.spark.sql.connect.service.SparkConnectServer",
          "org.apache.spark.sql.hive.thriftserver.HiveThriftServer2",
          "org.apache.kyuubi.engine.spark.SparkSQLEngine");

  /** The plugin that starts a Spark Connect server in an application ({@code spark.plugins}). */
  static final String CONNECT_PLUGIN = "org.apache.spark.sql.connect.SparkConnectPlugin";

  private ServerDriver() {}

  /**
   * Whether this JVM's driver is a server.
   *
   * @param configured {@code spark.openlineage.application.server}; empty to detect it
   * @param settings the application's Spark settings
   */
  public static boolean isServer(Optional<Boolean> configured, Map<String, String> settings) {
    return configured.orElseGet(
        () -> isServer(System.getProperty("sun.java.command", ""), settings.get("spark.plugins")));
  }

  /**
   * Whether a driver is a server by its command line and plugins.
   *
   * @param javaCommand the JVM's main class and arguments, space-separated ({@code
   *     sun.java.command}); empty when unknown
   * @param plugins {@code spark.plugins}: comma-separated class names, or null
   */
  public static boolean isServer(String javaCommand, String plugins) {
    List<String> words = Arrays.asList(javaCommand.trim().split("\\s+"));
    if (!words.isEmpty() && SERVER_CLASSES.contains(words.get(0))) {
      return true;
    }
    for (int i = 0; i + 1 < words.size(); i++) {
      if (words.get(i).equals("--class") && SERVER_CLASSES.contains(words.get(i + 1))) {
        return true;
      }
    }
    return plugins != null
        && Arrays.stream(plugins.split(",")).map(String::trim).anyMatch(CONNECT_PLUGIN::equals);
  }
}
