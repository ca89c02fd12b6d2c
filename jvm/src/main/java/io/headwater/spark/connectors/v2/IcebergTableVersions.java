package io.headwater.spark.connectors.v2;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.headwater.spark.tables.TableVersions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The version of an Apache Iceberg table after an operation wrote it: the {@code
 * current-snapshot-id} of the table's current metadata file, {@code <location>/metadata/
 * v<N>.metadata.json} named by {@code version-hint.text} (Hadoop tables), else the metadata file
 * with the highest sequence number ({@code <N>-<uuid>.metadata.json}, metastore catalogs); none
 * while the table has no snapshot. Read from the files, not Iceberg's classes.
 */
final class IcebergTableVersions {
  private static final Pattern METADATA =
      Pattern.compile("v?(\\d+)(-[^/]*)?(\\.gz)?\\.metadata\\.json(\\.gz)?");
  private static final JsonFactory JSON = new JsonFactory();

  private IcebergTableVersions() {}

  /** The version of the Iceberg table at dataset {@code namespace} + {@code name}, if it is one. */
  static Optional<String> of(String namespace, String name, Configuration hadoopConf) {
    return TableVersions.readAt(namespace, name, hadoopConf, IcebergTableVersions::snapshot);
  }

  private static Optional<String> snapshot(FileSystem fs, Path table) throws IOException {
    Path metadata = new Path(table, "metadata");
    if (!fs.exists(metadata)) {
      return Optional.empty();
    }
    Optional<Path> current =
        hintedMetadataFile(fs, metadata).or(() -> newestMetadataFile(fs, metadata));
    return current.isPresent() ? currentSnapshotId(fs, current.get()) : Optional.empty();
  }

  /**
   * {@code v<N>.metadata.json} (or its gzip variants) for the {@code N} in {@code
   * version-hint.text}.
   */
  private static Optional<Path> hintedMetadataFile(FileSystem fs, Path metadata)
      throws IOException {
    Path hint = new Path(metadata, "version-hint.text");
    if (!fs.exists(hint)) {
      return Optional.empty();
    }
    String version;
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(fs.open(hint), StandardCharsets.UTF_8))) {
      String line = reader.readLine();
      version = line == null ? "" : line.trim();
    }
    if (!version.matches("\\d+")) {
      return Optional.empty();
    }
    for (String name :
        List.of("v" + version + ".metadata.json", "v" + version + ".gz.metadata.json")) {
      Path file = new Path(metadata, name);
      if (fs.exists(file)) {
        return Optional.of(file);
      }
    }
    return Optional.empty();
  }

  private static Optional<Path> newestMetadataFile(FileSystem fs, Path metadata) {
    try {
      Path newest = null;
      long highest = -1;
      for (FileStatus status : fs.listStatus(metadata)) {
        Matcher file = METADATA.matcher(status.getPath().getName());
        if (file.matches() && Long.parseLong(file.group(1)) > highest) {
          highest = Long.parseLong(file.group(1));
          newest = status.getPath();
        }
      }
      return Optional.ofNullable(newest);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The top-level {@code current-snapshot-id} of an Iceberg metadata file, read until it is found.
   */
  private static Optional<String> currentSnapshotId(FileSystem fs, Path file) throws IOException {
    boolean gzip = file.getName().contains(".gz");
    try (InputStream raw = fs.open(file);
        InputStream in = gzip ? new GZIPInputStream(raw) : raw;
        JsonParser parser = JSON.createParser(in)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return Optional.empty();
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if ("current-snapshot-id".equals(field)) {
          if (value == JsonToken.VALUE_NUMBER_INT && parser.getLongValue() != -1) {
            return Optional.of(Long.toString(parser.getLongValue()));
          }
          return Optional.empty();
        }
        parser.skipChildren();
      }
      return Optional.empty();
    }
  }
}
