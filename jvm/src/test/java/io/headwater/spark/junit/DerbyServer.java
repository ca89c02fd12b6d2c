package io.headwater.spark.junit;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.derby.drda.NetworkServerControl;

/**
 * A real Apache Derby database served on loopback for the JDBC visitors' tests, started once per
 * JVM on a free port: Derby's network server over the embedded engine Spark ships ({@code
 * derbynet}, {@code derbyclient} from {@code build.gradle}). The agent names JDBC datasets only
 * from an authority-style URL ({@code jdbc:derby://host:port/db}), which an embedded {@code
 * jdbc:derby:memory:db} URL is not. The database lives under {@code build/junit/derby}.
 */
public final class DerbyServer {
  /** The database every test uses. */
  public static final String DATABASE = "junitdb";

  private static int port;

  private DerbyServer() {}

  /** {@code jdbc:derby://127.0.0.1:<port>/junitdb;create=true}, the server started. */
  public static synchronized String url() {
    return "jdbc:derby://" + authority() + "/" + DATABASE + ";create=true";
  }

  /** {@code 127.0.0.1:<port>}, the server started. */
  public static synchronized String authority() {
    if (port == 0) {
      port = start();
    }
    return "127.0.0.1:" + port;
  }

  /** Runs {@code statements} on the served database, in order. */
  public static void execute(String... statements) {
    try (Connection connection = DriverManager.getConnection(url());
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Derby statement failed: " + e.getMessage(), e);
    }
  }

  private static int start() {
    LocalSpark.session(); // derby.system.home is set before the engine boots
    try {
      int free;
      try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        free = socket.getLocalPort();
      }
      NetworkServerControl server =
          new NetworkServerControl(InetAddress.getLoopbackAddress(), free);
      StringWriter log = new StringWriter();
      server.start(new PrintWriter(log, true));
      for (int attempt = 0; attempt < 100; attempt++) {
        try {
          server.ping();
          return free;
        } catch (Exception notYet) {
          Thread.sleep(100);
        }
      }
      throw new IllegalStateException("Derby's network server did not start: " + log);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting Derby", e);
    } catch (Exception e) {
      throw new IllegalStateException("cannot start Derby's network server", e);
    }
  }
}
