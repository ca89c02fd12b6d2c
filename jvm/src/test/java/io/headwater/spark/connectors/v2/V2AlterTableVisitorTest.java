package io.headwater.spark.connectors.v2;

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
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.AddColumns;
import org.apache.spark.sql.catalyst.plans.logical.AlterTableCommand;
import org.apache.spark.sql.catalyst.plans.logical.CommentOnTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.SetTableProperties;
import org.junit.Test;

/** {@link V2AlterTableVisitor} on the {@code AlterTableCommand} family. */
public class V2AlterTableVisitorTest {
  private final V2AlterTableVisitor<?> visitor = new V2AlterTableVisitor<>(LocalSpark.context());

  @Test
  public void aV2TableIsNamedByItsCatalogWithItsSchemaAfterTheChange() {
    LocalSpark.session().sql("CREATE TABLE testcat.altered.t (a INT)");
    AddColumns add =
        Executions.rootOfSql(
            AddColumns.class, "ALTER TABLE testcat.altered.t ADD COLUMNS (b STRING)");

    assertTrue(visitor.isDefinedAt(add));
    OpenLineage.OutputDataset output = only(visitor.apply(add));
    assertEquals("testcat altered.t", id(output));
    assertEquals(List.of("a:integer", "b:string"), schema(output));
    assertEquals(List.of(), symlinks(output));
    assertEquals(LifecycleStateChange.ALTER, lifecycle(output));
    assertEquals(Optional.of("altered.t"), visitor.jobNameSuffixOf(add));
  }

  @Test
  public void anyKindOfChangeMatchesAndALocatedTableIsItsLocation() {
    Path location = LocalSpark.newDirectory("altered").resolve("located");
    LocalSpark.session()
        .sql("CREATE TABLE testcat.altered.located (a INT) LOCATION '" + location + "'");
    LogicalPlan set =
        Executions.planned("ALTER TABLE testcat.altered.located SET TBLPROPERTIES ('k' = 'v')");
    LogicalPlan rename =
        Executions.planned("ALTER TABLE testcat.altered.located RENAME COLUMN a TO z");

    for (LogicalPlan alter : List.of(set, rename)) {
      assertTrue(alter.nodeName(), alter instanceof AlterTableCommand);
      OpenLineage.OutputDataset output = only(visitor.apply(alter));
      assertEquals("file " + location, id(output));
      assertEquals(List.of("testcat altered.located TABLE"), symlinks(output));
      assertEquals(List.of(alter == set ? "a:integer" : "z:integer"), schema(output));
    }
  }

  @Test
  public void eachAlterReportsTheTableAsItLeftItNotAsItIsWhenTheVisitorRuns() {
    LocalSpark.session().sql("CREATE TABLE testcat.altered.accounts (id INT)");
    SetTableProperties tag =
        Executions.rootOfSql(
            SetTableProperties.class,
            "ALTER TABLE testcat.altered.accounts SET TBLPROPERTIES ('openlineage.tags.tier' ="
                + " 'gold')");
    AddColumns add =
        Executions.rootOfSql(
            AddColumns.class, "ALTER TABLE testcat.altered.accounts ADD COLUMNS (email STRING)");
    // what a busy listener bus sees: later commands have changed the table again by now
    LocalSpark.session().sql("COMMENT ON TABLE testcat.altered.accounts IS 'customer accounts'");
    LocalSpark.session()
        .sql(
            "ALTER TABLE testcat.altered.accounts SET TBLPROPERTIES ('openlineage.tags.pii' = '')");

    OpenLineage.OutputDataset tagged = only(visitor.apply(tag));
    assertEquals(List.of("id:integer"), schema(tagged));
    assertEquals(List.of("tier=gold"), tags(tagged));
    assertNull(tagged.getFacets().getDocumentation());

    OpenLineage.OutputDataset added = only(visitor.apply(add));
    assertEquals(List.of("id:integer", "email:string"), schema(added));
    assertEquals(List.of("tier=gold"), tags(added));
    assertNull(added.getFacets().getDocumentation());
  }

  @Test
  public void aSessionCatalogTableIsNamedLikeAV1Table() {
    LocalSpark.session().sql("CREATE TABLE altered_v1 (a INT) USING parquet");
    CommentOnTable comment =
        Executions.rootOfSql(CommentOnTable.class, "COMMENT ON TABLE altered_v1 IS 'the table'");

    OpenLineage.OutputDataset output = only(visitor.apply(comment));
    assertEquals(managedTable("altered_v1"), id(output));
    assertEquals(List.of(tableSymlink("altered_v1")), symlinks(output));
    assertEquals(List.of("a:integer"), schema(output));
    assertEquals(LifecycleStateChange.ALTER, lifecycle(output));
    assertEquals(Optional.of("default_altered_v1"), visitor.jobNameSuffixOf(comment));
  }

  @Test
  public void doesNotFireOnV1AlterCommands() {
    LocalSpark.session().sql("CREATE TABLE altered_not (a INT) USING parquet");
    LogicalPlan v1 = Executions.planned("ALTER TABLE altered_not SET TBLPROPERTIES ('k' = 'v')");

    assertFalse(v1 instanceof AlterTableCommand);
    assertFalse(visitor.isDefinedAt(v1));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(v1));
  }

  private static List<String> tags(OpenLineage.Dataset dataset) {
    return dataset.getFacets().getTags().getTags().stream()
        .map(tag -> tag.getKey() + "=" + tag.getValue())
        .toList();
  }
}
