package io.headwater.spark.connectors.files;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.compat.ScalaCollections;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import scala.Option;

/**
 * The locations a file relation reads, as dataset roots.
 *
 * <pre>
 *   LogicalRelation(HadoopFsRelation, isStreaming = false)   a batch read
 *     -> the file index's root paths (the paths the user gave)
 *   LogicalRelation(HadoopFsRelation, isStreaming = true)    one micro-batch of a file stream source
 *     -> the source directory: FileStreamSource lists the batch's new files as the root paths and passes its own
 *        directory as the "basePath" option; without that option (a glob source) the files' directories
 * </pre>
 */
@Internal
public final class FileRelationRoots {
  static final String BASE_PATH = "basePath";

  private FileRelationRoots() {}

  static List<Path> of(
      OpenLineageContext context, LogicalRelation node, HadoopFsRelation relation) {
    if (!node.isStreaming()) {
      return ScalaCollections.asJava(relation.location().rootPaths());
    }
    return ofStreamBatch(
        relation, context.sparkSession().map(session -> session.sessionState().newHadoopConf()));
  }

  /**
   * The source directory of a file stream source's micro-batch relation (see above); a relative
   * {@code basePath} is qualified with its file system when {@code conf} is given.
   */
  public static List<Path> ofStreamBatch(
      HadoopFsRelation relation, java.util.Optional<Configuration> conf) {
    List<Path> roots = ScalaCollections.asJava(relation.location().rootPaths());
    Option<String> basePath =
        relation
            .options()
            .get(BASE_PATH)
            .orElse(() -> relation.options().get(BASE_PATH.toLowerCase(java.util.Locale.ROOT)));
    if (basePath.isDefined()) {
      return List.of(qualified(conf, new Path(basePath.get())));
    }
    Set<Path> directories = new LinkedHashSet<>();
    for (Path file : roots) {
      directories.add(file.getParent() == null ? file : file.getParent());
    }
    return new ArrayList<>(directories);
  }

  private static Path qualified(java.util.Optional<Configuration> conf, Path path) {
    if (path.toUri().getScheme() != null || conf.isEmpty()) {
      return path;
    }
    try {
      return path.getFileSystem(conf.get()).makeQualified(path);
    } catch (java.io.IOException e) {
      return path;
    }
  }
}
