package io.headwater.spark.naming;

import io.openlineage.client.utils.DatasetIdentifier;
import java.net.URI;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Dataset identity of a file-system location, by the OpenLineage naming spec:
 *
 * <table>
 *   <caption>namespace and name by scheme</caption>
 *   <tr><th>location</th><th>namespace</th><th>name</th></tr>
 *   <tr><td>{@code /data/x}, {@code file:/data/x}</td><td>{@code file}</td><td>{@code /data/x}</td></tr>
 *   <tr><td>{@code hdfs://nn:8020/data/x}</td><td>{@code hdfs://nn:8020}</td><td>{@code /data/x}</td></tr>
 *   <tr><td>{@code s3a://bucket/key/x} (s3, s3n)</td><td>{@code s3://bucket}</td><td>{@code key/x}</td></tr>
 *   <tr><td>{@code gs://bucket/x}</td><td>{@code gs://bucket}</td><td>{@code x}</td></tr>
 *   <tr><td>{@code abfss://c@a.dfs.core.windows.net/x}</td><td>{@code abfss://c@a.dfs.core.windows.net}</td><td>{@code x}</td></tr>
 * </table>
 *
 * <p>Trailing slashes are removed. {@link #trimPartitions} cuts trailing {@code key=value}
 * directories, so a read of one partition names the partitioned dataset.
 */
public final class FileDatasetNames {
  private static final Pattern PARTITION_SEGMENT = Pattern.compile("[^/=]+=[^/]*");

  private FileDatasetNames() {}

  /** The identity of {@code location}, a URI or an absolute local path. */
  public static DatasetIdentifier of(URI location) {
    String scheme =
        location.getScheme() == null ? "file" : location.getScheme().toLowerCase(Locale.ROOT);
    String path =
        stripTrailingSlashes(
            location.getPath() == null ? location.getSchemeSpecificPart() : location.getPath());
    String authority = location.getAuthority() == null ? "" : location.getAuthority();
    return switch (scheme) {
      case "file" -> new DatasetIdentifier(path.isEmpty() ? "/" : path, "file");
      case "s3", "s3a", "s3n" ->
          new DatasetIdentifier(withoutLeadingSlash(path), "s3://" + authority);
      case "gs", "abfs", "abfss", "wasb", "wasbs" ->
          new DatasetIdentifier(withoutLeadingSlash(path), scheme + "://" + authority);
      default -> new DatasetIdentifier(path.isEmpty() ? "/" : path, scheme + "://" + authority);
    };
  }

  /** {@code /data/flights/origin=JFK/month=1} becomes {@code /data/flights}. */
  public static String trimPartitions(String path) {
    String trimmed = stripTrailingSlashes(path);
    while (true) {
      int slash = trimmed.lastIndexOf('/');
      if (slash <= 0 || !PARTITION_SEGMENT.matcher(trimmed.substring(slash + 1)).matches()) {
        return trimmed;
      }
      trimmed = trimmed.substring(0, slash);
    }
  }

  /**
   * The job-name suffix of a location, as the OpenLineage Spark integration forms it: the last two
   * segments of the partition-trimmed path joined with {@code _} ({@code /tmp/out} gives {@code
   * tmp_out}).
   */
  public static String jobNameSuffix(String path) {
    String[] segments = trimPartitions(path).replaceAll("^/+", "").split("/");
    int from = Math.max(0, segments.length - 2);
    return String.join("_", java.util.Arrays.copyOfRange(segments, from, segments.length));
  }

  private static String stripTrailingSlashes(String path) {
    String p = path;
    while (p.length() > 1 && p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    return p;
  }

  private static String withoutLeadingSlash(String path) {
    return path.startsWith("/") ? path.substring(1) : path;
  }
}
