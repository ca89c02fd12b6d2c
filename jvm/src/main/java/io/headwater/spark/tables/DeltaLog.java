package io.headwater.spark.tables;

import io.headwater.spark.annotation.Internal;
import java.util.Optional;
import org.apache.hadoop.fs.Path;

/**
 * Delta Lake's on-disk layout and file indexes, as the file, RDD and version readers need them
 * without knowing the Delta connector: the transaction log directory ({@link #DIRECTORY}), whether
 * a path lies in it, and the snapshot version a Delta file index reads. Delta's classes are
 * recognised by name and never linked against.
 */
@Internal
public final class DeltaLog {
  /** The name of a Delta table's transaction log directory, below the table's root. */
  public static final String DIRECTORY = "_delta_log";

  private DeltaLog() {}

  /**
   * The version of the Delta table a file relation reads: Delta's file indexes ({@code
   * TahoeLogFileIndex}, {@code PreparedDeltaFileIndex}, ...) are {@code SnapshotDescriptor}s whose
   * {@code version()} is the snapshot the query reads, the requested one for time travel ({@code
   * VERSION AS OF}, {@code versionAsOf}); empty for any other file index.
   */
  public static Optional<String> snapshotVersion(Object fileIndex) {
    if (fileIndex == null
        || !fileIndex.getClass().getName().startsWith("org.apache.spark.sql.delta.")) {
      return Optional.empty();
    }
    try {
      Object version = fileIndex.getClass().getMethod("version").invoke(fileIndex);
      return version instanceof Number number && number.longValue() >= 0
          ? Optional.of(Long.toString(number.longValue()))
          : Optional.empty();
    } catch (ReflectiveOperationException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** True when {@code path} lies in a Delta transaction log ({@code .../_delta_log/...}). */
  public static boolean isInDeltaLog(Path path) {
    for (Path p = path; p != null; p = p.getParent()) {
      if (DIRECTORY.equals(p.getName())) {
        return true;
      }
    }
    return false;
  }
}
