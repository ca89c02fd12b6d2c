package io.headwater.spark.reading;

import static io.headwater.spark.junit.Datasets.id;
import static io.headwater.spark.junit.Datasets.managedTable;
import static io.headwater.spark.junit.Datasets.only;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import io.headwater.spark.api.Connector;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.junit.BuiltInConnectors;
import io.headwater.spark.junit.Executions;
import io.headwater.spark.junit.LocalSpark;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.datasources.InsertIntoHadoopFsRelationCommand;
import org.junit.Test;
import scala.PartialFunction;

/**
 * {@link PlanLineageReader} on the real plan of an {@code INSERT INTO ... SELECT} of a join of two
 * session-catalog tables, read with the built-in visitors: both tables are inputs in plan order,
 * the target is the output, the job-name suffix is the target's, and the output's {@code
 * columnLineage} facet traces each column to its table and the join keys to the dataset level,
 * without the null tests the optimizer inferred from the join.
 */
public class PlanLineageReaderTest {
  private static final OpenLineage OPEN_LINEAGE =
      new OpenLineage(URI.create("https://example/producer"));
  private static final HeadwaterConfig.ColumnLineageSettings COLUMN_LINEAGE =
      new HeadwaterConfig.ColumnLineageSettings(true, 1000, Duration.ofSeconds(30));

  /** The built-in connectors' visitors, asked in the connectors' order; failures are kept. */
  private static final class BuiltInVisitors implements PlanVisitors {
    private final List<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>> inputs;
    private final List<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>> outputs;
    private final List<Throwable> failures = new ArrayList<>();

    BuiltInVisitors(OpenLineageContext context) {
      List<Connector> connectors = BuiltInConnectors.registry().connectors();
      List<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>> in = new ArrayList<>();
      List<PartialFunction<LogicalPlan, List<OpenLineage.OutputDataset>>> out = new ArrayList<>();
      for (Connector connector : connectors) {
        in.addAll(connector.createInputDatasetQueryPlanVisitors(context));
        out.addAll(connector.createOutputDatasetQueryPlanVisitors(context));
      }
      this.inputs = List.copyOf(in);
      this.outputs = List.copyOf(out);
    }

    private static <D> List<D> applied(
        List<PartialFunction<LogicalPlan, List<D>>> visitors, LogicalPlan node) {
      List<D> found = new ArrayList<>();
      for (PartialFunction<LogicalPlan, List<D>> visitor : visitors) {
        if (visitor.isDefinedAt(node)) {
          found.addAll(visitor.apply(node));
        }
      }
      return found;
    }

    @Override
    public List<OpenLineage.InputDataset> inputsAt(LogicalPlan node) {
      return applied(inputs, node);
    }

    @Override
    public List<OpenLineage.OutputDataset> outputsAt(LogicalPlan root) {
      return applied(outputs, root);
    }

    @Override
    public Optional<String> jobNameSuffix(LogicalPlan root) {
      return outputs.stream()
          .filter(QueryPlanVisitor.class::isInstance)
          .map(visitor -> ((QueryPlanVisitor<?, ?>) visitor).jobNameSuffixOf(root))
          .flatMap(Optional::stream)
          .findFirst()
          .map(suffix -> suffix.replace('.', '_'));
    }

    @Override
    public void reportFailure(Class<?> owner, String stage, Throwable failure) {
      failures.add(failure);
    }
  }

  @Test
  public void anInsertOfAJoinReadsBothTablesAndTracesTheTargetsColumns() {
    SparkSession spark = LocalSpark.session();
    spark.sql("CREATE TABLE reader_orders (id BIGINT, customer BIGINT) USING parquet");
    spark.sql("CREATE TABLE reader_customers (id BIGINT, name STRING) USING parquet");
    spark.sql("CREATE TABLE reader_named (order_id BIGINT, customer_name STRING) USING parquet");
    QueryExecution insert =
        Executions.executionOfSql(
            InsertIntoHadoopFsRelationCommand.class,
            "INSERT INTO reader_named SELECT o.id, c.name FROM reader_orders o"
                + " JOIN reader_customers c ON o.customer = c.id");
    BuiltInVisitors visitors = new BuiltInVisitors(LocalSpark.context());

    PlanLineageReader.Result result =
        new PlanLineageReader(BuiltInConnectors.registry(), COLUMN_LINEAGE)
            .read(
                visitors,
                OPEN_LINEAGE,
                insert.optimizedPlan(),
                Optional.of(insert.analyzed()),
                true);

    assertFalse(result.schemaInference());
    ExecutionLineage lineage = result.lineage();
    assertEquals(
        List.of(managedTable("reader_orders"), managedTable("reader_customers")),
        lineage.inputs().stream().map(dataset -> id(dataset)).toList());
    OpenLineage.OutputDataset output = only(lineage.outputs());
    assertEquals(managedTable("reader_named"), id(output));
    assertEquals(Optional.of("default_reader_named"), lineage.jobNameSuffix());
    assertEquals(List.of(), lineage.columnLineageSkips());
    assertEquals(List.of(), visitors.failures);
    OpenLineage.ColumnLineageDatasetFacet columns = output.getFacets().getColumnLineage();
    assertEquals(
        List.of("reader_orders.id DIRECT/IDENTITY"),
        described(columns.getFields().getAdditionalProperties().get("order_id").getInputFields()));
    assertEquals(
        List.of("reader_customers.name DIRECT/IDENTITY"),
        described(
            columns.getFields().getAdditionalProperties().get("customer_name").getInputFields()));
    assertEquals(
        List.of("reader_orders.customer INDIRECT/JOIN", "reader_customers.id INDIRECT/JOIN"),
        described(columns.getDataset()));
  }

  /** Each input field as {@code <table>.<field> <type>/<subtype>...}, table = last path part. */
  private static List<String> described(List<OpenLineage.InputField> fields) {
    List<String> described = new ArrayList<>();
    for (OpenLineage.InputField field : fields) {
      StringBuilder text =
          new StringBuilder(Path.of(field.getName()).getFileName() + "." + field.getField());
      String separator = " ";
      for (OpenLineage.InputFieldTransformations transformation : field.getTransformations()) {
        text.append(separator)
            .append(transformation.getType())
            .append('/')
            .append(transformation.getSubtype());
        separator = ",";
      }
      described.add(text.toString());
    }
    return described;
  }
}
