package io.headwater.spark.connectors.rdd;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.GlobPattern;
import org.apache.hadoop.fs.Path;

/**
 * Turns the paths an RDD reads or writes into the directory that names the dataset: qualified with
 * its file system ({@code /data/x} becomes {@code file:/data/x}, a relative path is resolved
 * against the working directory), a file becomes its parent directory, and a glob ({@code
 * /logs/2024-*}) the directory before its first wildcard segment. Partition directories are trimmed
 * later, by {@link io.headwater.spark.naming.FileDatasetNames#trimPartitions}.
 */
final class RddLocations {
  private RddLocations() {}

  /**
   * The dataset directory of an input path; one {@code getFileStatus} call to tell a file from a
   * directory.
   */
  static Path inputDirectory(Path path, Configuration conf) throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    Path qualified = fs.makeQualified(path);
    Path beforeGlob = beforeFirstGlob(qualified);
    if (!beforeGlob.equals(qualified)) {
      return beforeGlob;
    }
    try {
      FileStatus status = fs.getFileStatus(qualified);
      return status.isFile() && qualified.getParent() != null ? qualified.getParent() : qualified;
    } catch (java.io.FileNotFoundException missing) {
      return qualified;
    }
  }

  /** An output directory, qualified with its file system. */
  static Path outputDirectory(Path path, Configuration conf) throws IOException {
    return path.getFileSystem(conf).makeQualified(path);
  }

  /**
   * The path itself when none of its segments has a wildcard, else the directory above the first
   * that has one.
   */
  private static Path beforeFirstGlob(Path path) {
    Path candidate = path;
    Path result = path;
    while (candidate != null) {
      if (hasWildcard(candidate.getName())) {
        result = candidate.getParent();
      }
      candidate = candidate.getParent();
    }
    return result == null ? path : result;
  }

  private static boolean hasWildcard(String segment) {
    try {
      return new GlobPattern(segment).hasWildcard();
    } catch (IllegalArgumentException notAGlob) {
      return false;
    }
  }
}
