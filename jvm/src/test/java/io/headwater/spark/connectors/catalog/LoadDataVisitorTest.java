package io.headwater.spark.connectors.catalog;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.lifecycle;
import static io.headwater.spark.junit.Datasets.managedTable;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static io.headwater.spark.junit.Datasets.symlinks;
import static io.headwater.spark.junit.Datasets.tableSymlink;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.command.LoadDataCommand;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@link LoadDataVisitor} on real {@code LOAD DATA} into a Hive text table. */
public class LoadDataVisitorTest {
  private static Path directory;
  private final LoadDataVisitor visitor = new LoadDataVisitor(LocalSpark.context());

  @BeforeClass
  public static void createTableAndFiles() throws IOException {
    LocalSpark.session().sql("CREATE TABLE loaded (a INT, b STRING) STORED AS textfile");
    directory = LocalSpark.newDirectory("loaded");
    Files.writeString(directory.resolve("one.txt"), "1\u0001x\n");
    Files.writeString(directory.resolve("two.txt"), "2\u0001y\n");
  }

  @Test
  public void loadingIntoATableWritesIt() {
    LoadDataCommand load =
        Executions.rootOfSql(
            LoadDataCommand.class,
            "LOAD DATA LOCAL INPATH '" + directory.resolve("one.txt") + "' INTO TABLE loaded");

    assertTrue(visitor.isDefinedAt(load));
    OpenLineage.OutputDataset output = only(visitor.apply(load));
    assertEquals(managedTable("loaded"), id(output));
    assertEquals(List.of(tableSymlink("loaded")), symlinks(output));
    assertEquals(List.of("a:integer", "b:string"), schema(output));
    assertNull(lifecycle(output));
    assertEquals(Optional.of("default_loaded"), visitor.jobNameSuffixOf(load));
  }

  @Test
  public void loadingWithOverwriteOverwritesIt() {
    LoadDataCommand load =
        Executions.rootOfSql(
            LoadDataCommand.class,
            "LOAD DATA LOCAL INPATH '"
                + directory.resolve("two.txt")
                + "' OVERWRITE INTO TABLE loaded");

    assertEquals(LifecycleStateChange.OVERWRITE, lifecycle(only(visitor.apply(load))));
  }

  @Test
  public void doesNotFireOnOtherCommands() {
    assertFalse(visitor.isDefinedAt(Executions.planned("TRUNCATE TABLE loaded")));
    assertFalse(visitor.isDefinedAt(Executions.planned("INSERT INTO loaded VALUES (3, 'z')")));
  }
}
