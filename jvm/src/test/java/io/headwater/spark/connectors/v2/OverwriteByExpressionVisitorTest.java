package io.headwater.spark.connectors.v2;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.lifecycle;
import static io.headwater.spark.junit.Datasets.only;
import static io.headwater.spark.junit.Datasets.schema;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.AppendData;
import org.apache.spark.sql.catalyst.plans.logical.OverwriteByExpression;
import org.apache.spark.sql.functions;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@link V2OverwriteVisitor#byExpression} on real overwrites of DataSourceV2 tables. */
public class OverwriteByExpressionVisitorTest {
  private final V2OverwriteVisitor<OverwriteByExpression> visitor =
      V2OverwriteVisitor.byExpression(LocalSpark.context());

  @BeforeClass
  public static void createTable() {
    LocalSpark.session().sql("CREATE TABLE testcat.overwritten.t (a BIGINT, b STRING)");
  }

  @Test
  public void anInsertOverwriteOverwritesTheTable() {
    OverwriteByExpression overwrite =
        Executions.rootOfSql(
            OverwriteByExpression.class, "INSERT OVERWRITE testcat.overwritten.t VALUES (1, 'x')");

    assertTrue(visitor.isDefinedAt(overwrite));
    OpenLineage.OutputDataset output = only(visitor.apply(overwrite));
    assertEquals("testcat overwritten.t", id(output));
    assertEquals(List.of("a:long", "b:string"), schema(output));
    assertEquals(LifecycleStateChange.OVERWRITE, lifecycle(output));
    assertEquals(Optional.of("testcat.overwritten.t"), visitor.jobNameSuffixOf(overwrite));
  }

  @Test
  public void anOverwriteByConditionOverwritesTheTable() {
    OverwriteByExpression overwrite =
        Executions.root(
            OverwriteByExpression.class,
            () -> {
              try {
                LocalSpark.session()
                    .range(1)
                    .selectExpr("id AS a", "'y' AS b")
                    .writeTo("testcat.overwritten.t")
                    .overwrite(functions.col("a").equalTo(0));
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });

    assertEquals(LifecycleStateChange.OVERWRITE, lifecycle(only(visitor.apply(overwrite))));
  }

  @Test
  public void doesNotFireOnATableWithoutCatalog() {
    OverwriteByExpression overwrite =
        Executions.root(
            OverwriteByExpression.class,
            () -> LocalSpark.session().range(1).write().format("noop").mode("overwrite").save());

    assertFalse(visitor.isDefinedAt(overwrite));
    assertEquals(Optional.empty(), visitor.jobNameSuffixOf(overwrite));
  }

  @Test
  public void doesNotFireOnAnAppend() {
    AppendData append =
        Executions.rootOfSql(AppendData.class, "INSERT INTO testcat.overwritten.t VALUES (2, 'z')");

    assertFalse(visitor.isDefinedAt(append));
  }
}
