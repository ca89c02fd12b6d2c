package io.headwater.spark.tables;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.facets.Datasets;
import io.headwater.spark.naming.FileDatasetNames;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code version} dataset facet (spec DatasetVersionDatasetFacet, {@code {datasetVersion}}) of
 * a run's outputs, as the connectors read it ({@code Connector#tableVersion}: Delta Lake's commit
 * number, Iceberg's current snapshot), and the one way a connector reads a table's own files at its
 * location ({@link #readAt}). Reading files rather than Delta's or Iceberg's classes keeps the
 * agent independent of their versions and class loaders. A dataset whose location cannot be read,
 * or that was dropped, gets no facet, and so does a dataset whose namespace has no Hadoop file
 * system ({@code s3://bucket} unless a file system is configured for {@code s3}); nothing here
 * throws.
 */
@Internal
public final class TableVersions {
  private static final Logger LOG = LoggerFactory.getLogger(TableVersions.class);

  private TableVersions() {}

  /** What a connector reads of the table stored at {@code table} on {@code fs}. */
  @FunctionalInterface
  public interface TableFiles {
    /**
     * The table's version; empty when the files there are not a table of the connector's format.
     *
     * @throws IOException when the files cannot be read (no version, logged at debug)
     */
    Optional<String> version(FileSystem fs, Path table) throws IOException;
  }

  /**
   * {@code outputs} with the {@code version} facet on each one {@code versionOf} (namespace, name)
   * gives a version for (other outputs, and outputs with lifecycle DROP, unchanged).
   */
  public static List<OpenLineage.OutputDataset> attach(
      OpenLineage openLineage,
      List<OpenLineage.OutputDataset> outputs,
      BiFunction<String, String, Optional<String>> versionOf) {
    List<OpenLineage.OutputDataset> result = new ArrayList<>(outputs.size());
    for (OpenLineage.OutputDataset output : outputs) {
      Optional<String> version =
          dropped(output)
              ? Optional.empty()
              : versionOf.apply(output.getNamespace(), output.getName());
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
   * What {@code reader} reads of the table stored at the dataset {@code namespace} + {@code name}
   * (a file-system dataset as {@link FileDatasetNames} names it: {@code file} + {@code /abs/path},
   * {@code hdfs://nn:8020} + {@code /path}, {@code s3://bucket} + {@code key}); empty for another
   * namespace, a scheme without a Hadoop file system, or files that cannot be read.
   */
  public static Optional<String> readAt(
      String namespace, String name, Configuration hadoopConf, TableFiles reader) {
    Optional<Path> location = location(namespace, name);
    if (location.isEmpty()) {
      return Optional.empty();
    }
    try {
      // only schemes with a Hadoop file system (not jdbc's postgres://, kafka://, ...); throws for
      // the others
      FileSystem.getFileSystemClass(location.get().toUri().getScheme(), hadoopConf);
      return reader.version(location.get().getFileSystem(hadoopConf), location.get());
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
}
