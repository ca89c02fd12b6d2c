package io.headwater.spark.reading.columns;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.BuiltInConnectors;
import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.IsNotNull;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.command.CreateDataSourceTableAsSelectCommand;
import org.junit.Test;

/**
 * {@link InferredFilters} on real analyzed plans: it reads the plan through the plan walk, so a
 * null test the user wrote in the query of a V1 {@code CREATE TABLE ... AS SELECT} (which the
 * command keeps out of its children) is the user's, and a null test nobody wrote is the
 * optimizer's.
 */
public class InferredFiltersTest {
  @Test
  public void aNullTestWrittenInACreateTableAsSelectIsTheUsers() {
    LocalSpark.session().sql("CREATE TABLE inferred_source (a BIGINT, b BIGINT) USING parquet");
    QueryExecution ctas =
        Executions.executionOfSql(
            CreateDataSourceTableAsSelectCommand.class,
            "CREATE TABLE inferred_ctas USING parquet AS"
                + " SELECT a, b FROM inferred_source WHERE a IS NOT NULL");
    Filter filter = Executions.first(ctas.analyzed(), Filter.class);
    Expression written = filter.condition();
    Expression notWritten = new IsNotNull(filter.child().output().apply(1)); // b: nobody tested it

    InferredFilters filters = InferredFilters.from(ctas.analyzed(), BuiltInConnectors.registry());

    assertTrue(written instanceof IsNotNull);
    assertFalse(filters.isInferred(written));
    assertTrue(filters.isInferred(notWritten));
  }
}
