package io.headwater.spark.tables;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.facets.Datasets;
import io.headwater.spark.naming.FileDatasetNames;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code version} dataset facet (spec DatasetVersionDatasetFacet, {@code {datasetVersion}}) of
 * outputs that are Delta Lake or Apache Iceberg tables, read from the table's own files at its
 * location when the operation has ended, so it is the version the operation left behind:
 *
 * <ul>
 *   <li>Delta Lake: the table version, the highest commit number {@code N} among {@code
 *       <location>/_delta_log/ <N, 20 digits>.json} (the Delta transaction-log protocol; e.g.
 *       {@code "3"} after the fourth commit);
 *   <li>Iceberg: the {@code current-snapshot-id} of the table's current metadata file, {@code
 *       <location>/metadata/ v<N>.metadata.json} named by {@code version-hint.text} (Hadoop
 *       tables), else the metadata file with the highest sequence number ({@code
 *       <N>-<uuid>.metadata.json}, metastore catalogs); none while the table has no snapshot.
 * </ul>
 *
 * Reading files rather than Delta's or Iceberg's classes keeps the agent independent of their
 * versions and class loaders. A dataset whose location holds neither, cannot be read, or was
 * dropped gets no facet, and so does a dataset whose namespace has no Hadoop file system ({@code
 * s3://bucket} unless a file system is configured for {@code s3}); nothing here throws.
 */
@Internal
public final class TableVersions {
  private static final Logger LOG = LoggerFactory.getLogger(TableVersions.class);
  private static final Pattern DELTA_COMMIT = Pattern.compile("(\\d{20})\\.json");
  private static final Pattern ICEBERG_METADATA =
      Pattern.compile("v?(\\d+)(-[^/]*)?(\\.gz)?\\.metadata\\.json(\\.gz)?");
  private static final JsonFactory JSON = new JsonFactory();

  private TableVersions() {}

  /**
   * {@code outputs} with the {@code version} facet on each one that is a Delta or Iceberg table
   * (other outputs, and outputs with lifecycle DROP, unchanged).
   */
  public static List<OpenLineage.OutputDataset> attach(
      OpenLineage openLineage, List<OpenLineage.OutputDataset> outputs, Configuration hadoopConf) {
    List<OpenLineage.OutputDataset> result = new ArrayList<>(outputs.size());
    for (OpenLineage.OutputDataset output : outputs) {
      Optional<String> version =
          dropped(output)
              ? Optional.empty()
              : of(output.getNamespace(), output.getName(), hadoopConf);
      if (version.isEmpty()) {
        result.add(output);
        continue;
      }
      result.add(
          Datasets.withFacet(
              openLineage,
              output,
              "version",
              openLineage.newDatasetVersionDatasetFacet(version.get())));
    }
    return result;
  }

  /**
   * The version of the table stored at the dataset {@code namespace} + {@code name} (a file-system
   * dataset: {@code file} + {@code /abs/path}, {@code hdfs://nn:8020} + {@code /path}, {@code
   * s3://bucket} + {@code key}); empty when it is no Delta or Iceberg table, or its files cannot be
   * read.
   */
  public static Optional<String> of(String namespace, String name, Configuration hadoopConf) {
    Optional<Path> location = location(namespace, name);
    if (location.isEmpty()) {
      return Optional.empty();
    }
    try {
      // only schemes with a Hadoop file system (not jdbc's postgres://, kafka://, ...); throws for
      // the others
      FileSystem.getFileSystemClass(location.get().toUri().getScheme(), hadoopConf);
      FileSystem fs = location.get().getFileSystem(hadoopConf);
      OptionalLong delta = deltaVersion(fs, location.get());
      if (delta.isPresent()) {
        return Optional.of(Long.toString(delta.getAsLong()));
      }
      return icebergSnapshot(fs, location.get());
    } catch (IOException | RuntimeException e) {
      LOG.debug("Headwater: no table version for {} {}: {}", namespace, name, e.toString());
      return Optional.empty();
    }
  }

  private static boolean dropped(OpenLineage.OutputDataset output) {
    return output.getFacets() != null
        && output.getFacets().getLifecycleStateChange() != null
        && output.getFacets().getLifecycleStateChange().getLifecycleStateChange()
            == LifecycleStateChange.DROP;
  }

  /**
   * The file-system path of a dataset named by {@link FileDatasetNames}; empty for other
   * namespaces.
   */
  private static Optional<Path> location(String namespace, String name) {
    if ("file".equals(namespace)) {
      return Optional.of(
          new Path(URI.create("file:///").resolve(new Path(name).toUri().getPath())));
    }
    if (!namespace.matches("[a-z][a-z0-9+.-]*://[^/]*")) {
      return Optional.empty();
    }
    return Optional.of(new Path(namespace + (name.startsWith("/") ? name : "/" + name)));
  }

  private static OptionalLong deltaVersion(FileSystem fs, Path table) throws IOException {
    Path log = new Path(table, DeltaLog.DIRECTORY);
    if (!fs.exists(log)) {
      return OptionalLong.empty();
    }
    long highest = -1;
    for (FileStatus status : fs.listStatus(log)) {
      Matcher commit = DELTA_COMMIT.matcher(status.getPath().getName());
      if (commit.matches()) {
        highest = Math.max(highest, Long.parseLong(commit.group(1)));
      }
    }
    return highest < 0 ? OptionalLong.empty() : OptionalLong.of(highest);
  }

  private static Optional<String> icebergSnapshot(FileSystem fs, Path table) throws IOException {
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
        Matcher file = ICEBERG_METADATA.matcher(status.getPath().getName());
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
