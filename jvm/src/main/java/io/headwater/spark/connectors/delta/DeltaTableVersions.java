package io.headwater.spark.connectors.delta;

import io.headwater.spark.tables.DeltaLog;
import io.headwater.spark.tables.TableVersions;
import java.io.IOException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The version of a Delta Lake table after an operation wrote it: the highest commit number {@code
 * N} among {@code <location>/_delta_log/<N, 20 digits>.json} (the Delta transaction-log protocol;
 * e.g. {@code "3"} after the fourth commit), read from the files, not Delta's classes.
 */
final class DeltaTableVersions {
  private static final Pattern COMMIT = Pattern.compile("(\\d{20})\\.json");

  private DeltaTableVersions() {}

  /** The version of the Delta table at dataset {@code namespace} + {@code name}, if it is one. */
  static Optional<String> of(String namespace, String name, Configuration hadoopConf) {
    return TableVersions.readAt(namespace, name, hadoopConf, DeltaTableVersions::version);
  }

  private static Optional<String> version(FileSystem fs, Path table) throws IOException {
    Path log = new Path(table, DeltaLog.DIRECTORY);
    if (!fs.exists(log)) {
      return Optional.empty();
    }
    long highest = -1;
    for (FileStatus status : fs.listStatus(log)) {
      Matcher commit = COMMIT.matcher(status.getPath().getName());
      if (commit.matches()) {
        highest = Math.max(highest, Long.parseLong(commit.group(1)));
      }
    }
    return highest < 0 ? Optional.empty() : Optional.of(Long.toString(highest));
  }
}
