package io.headwater.spark.connectors.delta;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.lifecycle;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static io.headwater.spark.junit.Datasets.symlinks;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.DeltaTables;
import io.headwater.spark.junit.DerbyServer;
import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.execution.datasources.SaveIntoDataSourceCommand;
import org.junit.Test;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@link DeltaSaveOutputVisitor} on the command of a real {@code df.write.format("delta").save},
 * and on that command in the other save modes and options (same query and data source).
 */
public class DeltaSaveOutputVisitorTest {
  private final DeltaSaveOutputVisitor visitor = new DeltaSaveOutputVisitor(LocalSpark.context());

  /** The real command's query and data source, written in {@code mode} with {@code options}. */
  private static SaveIntoDataSourceCommand written(SaveMode mode, Map<String, String> options) {
    SaveIntoDataSourceCommand save = DeltaTables.save();
    return new SaveIntoDataSourceCommand(
        save.query(),
        save.dataSource(),
        scala.collection.immutable.Map.from(CollectionConverters.asScala(options)),
        mode);
  }

  /** The real command's options, with {@code path} replaced (removed when null). */
  private static Map<String, String> optionsWithPath(String path) {
    Map<String, String> options =
        new HashMap<>(CollectionConverters.asJava(DeltaTables.save().options()));
    if (path == null) {
      options.remove("path");
    } else {
      options.put("path", path);
    }
    return options;
  }

  @Test
  public void aFirstSaveCreatesThePathTable() {
    SaveIntoDataSourceCommand save = DeltaTables.save();
    Path table = Path.of(DeltaTables.path());

    assertTrue(visitor.isDefinedAt(save));
    OpenLineage.OutputDataset output = only(visitor.apply(save));
    assertEquals("file " + table, id(output));
    assertEquals(List.of("a:long", "b:string"), schema(output));
    assertEquals(List.of(), symlinks(output));
    assertEquals(LifecycleStateChange.CREATE, lifecycle(output));
    assertEquals(
        Optional.of(table.getParent().getFileName() + "_events"), visitor.jobNameSuffixOf(save));
  }

  @Test
  public void eachSaveModeHasItsLifecycleChange() {
    Map<String, String> options = optionsWithPath(DeltaTables.path());

    assertEquals(
        LifecycleStateChange.OVERWRITE,
        lifecycle(only(visitor.apply(written(SaveMode.Overwrite, options)))));
    assertNull(lifecycle(only(visitor.apply(written(SaveMode.Append, options)))));
    assertNull(lifecycle(only(visitor.apply(written(SaveMode.Ignore, options)))));
  }

  @Test
  public void aRelativePathIsQualifiedAgainstTheWorkingDirectory() {
    Path relative = Path.of("").toAbsolutePath().relativize(Path.of(DeltaTables.path()));
    SaveIntoDataSourceCommand save = written(SaveMode.Append, optionsWithPath(relative.toString()));

    assertEquals("file " + DeltaTables.path(), id(only(visitor.apply(save))));
  }

  @Test
  public void doesNotFireWithoutAPathNorOnAnotherDataSource() {
    SaveIntoDataSourceCommand withoutPath = written(SaveMode.Append, optionsWithPath(null));
    SaveIntoDataSourceCommand jdbc =
        Executions.root(
            SaveIntoDataSourceCommand.class,
            () ->
                LocalSpark.session()
                    .range(1)
                    .write()
                    .jdbc(DerbyServer.url(), "delta_negative", new Properties()));

    assertFalse(visitor.isDefinedAt(withoutPath));
    assertFalse(visitor.isDefinedAt(jdbc));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(jdbc));
  }
}
