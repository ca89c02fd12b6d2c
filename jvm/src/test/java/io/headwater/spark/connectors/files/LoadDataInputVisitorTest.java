package io.headwater.spark.connectors.files;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.command.LoadDataCommand;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * {@link LoadDataInputVisitor} on {@code LOAD DATA} plans against a Hive text table, planned and
 * not run (the agent reads them at the execution's start; running would move the file).
 */
public class LoadDataInputVisitorTest {
  private static Path file;
  private final LoadDataInputVisitor visitor = new LoadDataInputVisitor(LocalSpark.context());

  @BeforeClass
  public static void createTableAndFile() throws IOException {
    LocalSpark.session().sql("CREATE TABLE load_input (a INT, b STRING) STORED AS textfile");
    file = LocalSpark.newDirectory("load").resolve("rows.txt");
    Files.writeString(file, "1\u0001x\n");
  }

  @Test
  public void theLoadedPathIsAFileInputWithoutSchema() {
    LogicalPlan load =
        Executions.planned("LOAD DATA LOCAL INPATH '" + file + "' INTO TABLE load_input");

    assertTrue(load instanceof LoadDataCommand);
    assertTrue(visitor.isDefinedAt(load));
    OpenLineage.InputDataset input = only(visitor.apply(load));
    assertEquals("file " + file, id(input));
    assertEquals(List.of(), schema(input));
  }

  @Test
  public void aRelativeLocalPathIsResolvedAgainstTheWorkingDirectory() {
    Path relative = Path.of("").toAbsolutePath().relativize(file);
    LogicalPlan load =
        Executions.planned("LOAD DATA LOCAL INPATH '" + relative + "' INTO TABLE load_input");

    assertEquals("file " + file, id(only(visitor.apply(load))));
  }

  @Test
  public void doesNotFireOnOtherCommands() {
    assertFalse(visitor.isDefinedAt(Executions.planned("TRUNCATE TABLE load_input")));
    assertFalse(visitor.isDefinedAt(Executions.optimized("SELECT 1 AS one")));
  }
}
