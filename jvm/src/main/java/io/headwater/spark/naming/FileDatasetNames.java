package io.headwater.spark.naming;

import io.headwater.spark.annotation.Internal;
import io.openlineage.client.dataset.partition.trimmer.DatasetNameTrimmer;
import io.openlineage.client.dataset.partition.trimmer.DateTrimmer;
import io.openlineage.client.dataset.partition.trimmer.KeyValueTrimmer;
import io.openlineage.client.dataset.partition.trimmer.MultiDirDateTrimmer;
import io.openlineage.client.dataset.partition.trimmer.YearMonthTrimmer;
import io.openlineage.client.utils.DatasetIdentifier;
import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
 * <p>Trailing slashes are removed. {@link #trimPartitions} cuts trailing partition directories
 * ({@code key=value} and dated ones), so a read or write of one partition names the partitioned
 * dataset.
 */
@Internal
public final class FileDatasetNames {
  /**
   * The OpenLineage client's default dataset-name trimmers, the rules openlineage-spark applies to
   * every dataset name: a last segment {@code key=value} (one {@code =}); a last segment holding a
   * date {@code yyyy-MM-dd}, {@code dd.MM.yyyy} or {@code yyyyMMdd} with nothing but {@code T},
   * {@code Z}, separators and digits beside it ({@code 20251030}, {@code 2025-10-30T12:00Z}); a
   * last segment {@code yyyyMM} or {@code yyyy-MM}; last segments {@code yyyy/MM} or {@code
   * yyyy/MM/dd}. A name of one segment is never trimmed.
   */
  private static final List<DatasetNameTrimmer> TRIMMERS =
      List.of(
          new DateTrimmer(),
          new KeyValueTrimmer(),
          new MultiDirDateTrimmer(),
          new YearMonthTrimmer());

  /**
   * Names trimmed lately, by the path given: a job reads and writes the same directories again and
   * again, and the trimmers' patterns are the dearest part of naming a file dataset. At most
   * {@value #TRIMMED_KEPT} paths, the least recently used dropped first.
   */
  private static final Map<String, String> TRIMMED =
      Collections.synchronizedMap(
          new LinkedHashMap<>(64, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
              return size() > TRIMMED_KEPT;
            }
          });

  private static final int TRIMMED_KEPT = 1024;

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

  /**
   * The name without its trailing partition directories ({@link #TRIMMERS}, repeated while one
   * applies): {@code /data/flights/origin=JFK/month=1}, {@code /data/out/20251030}, {@code
   * /data/out/2025/10/30} and {@code /data/out/dt=2025-10-30} become {@code /data/flights} and
   * {@code /data/out}.
   */
  public static String trimPartitions(String path) {
    return TRIMMED.computeIfAbsent(
        path,
        p ->
            new DatasetIdentifier(stripTrailingSlashes(p), "file")
                .withTrimmedName(TRIMMERS)
                .getName());
  }

  /** {@code id} with its name trimmed of partition directories ({@link #trimPartitions}). */
  public static DatasetIdentifier trimmed(DatasetIdentifier id) {
    String name = trimPartitions(id.getName());
    return name.equals(id.getName()) ? id : new DatasetIdentifier(name, id.getNamespace());
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
