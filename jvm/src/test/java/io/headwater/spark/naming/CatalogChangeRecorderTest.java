package io.headwater.spark.naming;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.managedTable;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.connectors.catalog.AlterTableAddColumnsVisitor;
import io.headwater.spark.connectors.catalog.DropTableVisitor;
import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.plans.logical.DropTable;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.command.AlterTableAddColumnsCommand;
import org.apache.spark.sql.execution.command.AlterTableSetPropertiesCommand;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * {@link CatalogChangeRecorder}: a session-catalog table read as of an execution is the table that
 * execution left (or saw at its start), however many statements have changed it since — what the
 * agent needs when Spark's listener bus lags behind the user's thread.
 */
public class CatalogChangeRecorderTest {
  private static SparkSession spark;

  @BeforeClass
  public static void recordTheSessionCatalog() {
    spark = LocalSpark.session();
    spark.sql("SHOW DATABASES").collect(); // the session catalog exists from here on
    CatalogChangeRecorder.registerWhenCatalogUp(spark.sharedState());
  }

  @Test
  public void eachAlterIsReadAsItLeftTheTableNotAsItIsNow() {
    spark.sql("CREATE TABLE history_alter (id INT) USING parquet");
    QueryExecution add = execution(AlterTableAddColumnsCommand.class, "ADD COLUMNS (note STRING)");
    QueryExecution tag =
        execution(AlterTableSetPropertiesCommand.class, "SET TBLPROPERTIES ('k'='v')");
    // what a lagging listener bus finds: later statements changed the table, then dropped it
    spark.sql("ALTER TABLE history_alter ALTER COLUMN note COMMENT 'free text'");
    spark.sql("ALTER TABLE history_alter SET TBLPROPERTIES ('k' = 'w')");
    spark.sql("DROP TABLE history_alter");

    AlterTableAddColumnsVisitor addVisitor = new AlterTableAddColumnsVisitor(LocalSpark.context());
    try (CatalogChangeRecorder.Scope asOf =
        CatalogChangeRecorder.asOf(Executions.idOf(add), false)) {
      OpenLineage.OutputDataset added = only(addVisitor.apply(add.optimizedPlan()));
      assertEquals(managedTable("history_alter"), id(added));
      assertEquals(List.of("id:integer", "note:string"), schema(added));
      assertNull(
          "no comment yet", added.getFacets().getSchema().getFields().get(1).getDescription());
    }
    try (CatalogChangeRecorder.Scope asOf =
        CatalogChangeRecorder.asOf(Executions.idOf(tag), false)) {
      CatalogTable table = lookup("history_alter").orElseThrow();
      assertEquals("v", table.properties().get("k").get());
    }
    // outside any execution's scope: the catalog as it is now
    assertEquals(Optional.empty(), lookup("history_alter"));
  }

  @Test
  public void atItsStartAnExecutionSeesTheTableBeforeItsOwnChange() {
    Path location = LocalSpark.newDirectory("history").resolve("dropped");
    spark.sql("CREATE TABLE history_drop (id INT) USING parquet LOCATION '" + location + "'");
    QueryExecution drop =
        Executions.of(() -> spark.sql("DROP TABLE history_drop").collect()).stream()
            .filter(e -> e.optimizedPlan() instanceof DropTable)
            .findFirst()
            .orElseThrow();

    try (CatalogChangeRecorder.Scope asOf =
        CatalogChangeRecorder.asOf(Executions.idOf(drop), true)) {
      assertTrue(lookup("history_drop").isPresent());
      OpenLineage.OutputDataset dropped =
          only(new DropTableVisitor(LocalSpark.context()).apply(drop.optimizedPlan()));
      assertEquals("file " + location, id(dropped)); // after the drop: the default path
    }
    try (CatalogChangeRecorder.Scope asOf =
        CatalogChangeRecorder.asOf(Executions.idOf(drop), false)) {
      assertEquals(Optional.empty(), lookup("history_drop"));
    }
  }

  @Test
  public void aCreateThatCameLaterIsNotSeenByAnEarlierExecution() {
    QueryExecution earlier =
        Executions.of(() -> spark.sql("SELECT 1").collect()).stream().findFirst().orElseThrow();
    spark.sql("CREATE TABLE history_later (id INT) USING parquet");

    try (CatalogChangeRecorder.Scope asOf =
        CatalogChangeRecorder.asOf(Executions.idOf(earlier), false)) {
      assertEquals(Optional.empty(), lookup("history_later"));
    }
    assertTrue(lookup("history_later").isPresent());
  }

  @Test
  public void aLaterAlterIsNotSeenByAnEarlierWrite() {
    spark.sql("CREATE TABLE history_writes (id INT) USING parquet");
    QueryExecution insert =
        Executions.of(() -> spark.sql("INSERT INTO history_writes VALUES (1)").collect()).get(0);
    spark.sql("INSERT INTO history_writes VALUES (2)");
    spark.sql("ALTER TABLE history_writes SET TBLPROPERTIES ('after' = 'insert')");

    try (CatalogChangeRecorder.Scope asOf =
        CatalogChangeRecorder.asOf(Executions.idOf(insert), false)) {
      CatalogTable table = lookup("history_writes").orElseThrow();
      assertTrue(table.properties().get("after").isEmpty()); // the ALTER's before-state
    }
  }

  /** The execution of {@code ALTER TABLE history_alter <change>}, run now, whose root is a type. */
  private static QueryExecution execution(Class<?> type, String change) {
    return Executions.of(() -> spark.sql("ALTER TABLE history_alter " + change).collect()).stream()
        .filter(execution -> type.isInstance(execution.optimizedPlan()))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + type.getSimpleName() + " execution"));
  }

  private static Optional<CatalogTable> lookup(String table) {
    return new CatalogTables(spark)
        .lookup(new TableIdentifier(table, scala.Option.apply("default")));
  }
}
