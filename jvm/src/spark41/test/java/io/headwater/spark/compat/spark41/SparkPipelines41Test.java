package io.headwater.spark.compat.spark41;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.compat.pipelines.ConnectOperation;
import io.headwater.spark.compat.pipelines.PipelineDataset;
import io.headwater.spark.compat.pipelines.PipelineDefinition;
import io.headwater.spark.compat.pipelines.PipelineFlow;
import io.headwater.spark.compat.pipelines.PipelineGraph;
import io.headwater.spark.compat.pipelines.PipelineGraphException;
import io.headwater.spark.versions.SparkVersions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.connect.proto.Command;
import org.apache.spark.connect.proto.ExecutePlanRequest;
import org.apache.spark.connect.proto.PipelineCommand;
import org.apache.spark.connect.proto.Plan;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.plans.logical.LocalRelation;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.SubqueryAlias;
import org.apache.spark.sql.connect.service.SparkListenerConnectOperationFailed;
import org.apache.spark.sql.connect.service.SparkListenerConnectOperationFinished;
import org.apache.spark.sql.connect.service.SparkListenerConnectOperationStarted;
import org.apache.spark.sql.connect.service.SparkListenerConnectSessionClosed;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.junit.Test;

/**
 * {@link SparkPipelines41} on real graphs: SQL definitions registered and resolved by Spark's own
 * pipeline classes in the shared session ({@link SqlPipelines}), and real Spark Connect listener
 * events.
 */
public class SparkPipelines41Test {
  private static final TableIdentifier ORDERS = table("orders");
  private static final TableIdentifier ORDER_EVENTS = table("order_events");
  private static final TableIdentifier BIG_ORDERS =
      new TableIdentifier("big_orders", scala.Option.empty(), scala.Option.empty());

  @Test
  public void thisSparkHasPipelines() {
    assertTrue(SparkVersions.pipelines().isPresent());
    assertTrue(SparkVersions.pipelines().get() instanceof SparkPipelines41);
  }

  @Test
  public void readsEveryDatasetOfTheResolvedGraph() {
    Path csv = SqlPipelines.ordersCsv();
    PipelineGraph graph = SqlPipelines.resolve(SqlPipelines.shop(csv));

    assertEquals(
        List.of(ORDERS, ORDER_EVENTS, BIG_ORDERS),
        graph.datasets().stream().map(PipelineDataset::identifier).toList());
    PipelineDataset orders = graph.dataset(ORDERS).orElseThrow();
    assertEquals(PipelineDataset.Kind.MATERIALIZED_VIEW, orders.kind());
    assertEquals(List.of("order_id", "customer", "amount"), List.of(orders.schema().fieldNames()));
    assertEquals(Map.of("openlineage.tags.tier", "bronze", "quality", "raw"), orders.properties());
    assertEquals(Optional.of("Orders as loaded"), orders.comment());
    assertEquals(
        Optional.of(new PipelineDefinition(SqlPipelines.FILE, Optional.of(1), Optional.of("SQL"))),
        orders.definition());

    PipelineDataset events = graph.dataset(ORDER_EVENTS).orElseThrow();
    assertEquals(PipelineDataset.Kind.STREAMING_TABLE, events.kind());
    assertEquals(
        List.of("order_id", "customer", "amount_cents"), List.of(events.schema().fieldNames()));
    assertEquals(Optional.empty(), events.comment());

    PipelineDataset view = graph.dataset(BIG_ORDERS).orElseThrow();
    assertEquals(PipelineDataset.Kind.TEMPORARY_VIEW, view.kind());
    assertEquals(List.of("order_id", "customer", "amount"), List.of(view.schema().fieldNames()));
    assertEquals(Optional.of(6), view.definition().orElseThrow().line());
  }

  @Test
  public void readsEveryFlowWithItsReadsOfPipelineDatasetsAsLeaves() {
    Path csv = SqlPipelines.ordersCsv();
    PipelineGraph graph = SqlPipelines.resolve(SqlPipelines.shop(csv));

    PipelineFlow orders = flow(graph, ORDERS);
    assertEquals(PipelineFlow.Type.COMPLETE, orders.type());
    assertEquals(ORDERS, orders.destination());
    assertTrue(orders.pipelineInputs().isEmpty());
    assertTrue(
        "the file source stays in the query", contains(orders.query(), LogicalRelation.class));
    assertTrue(orders.sql().orElseThrow().startsWith("CREATE MATERIALIZED VIEW orders"));

    PipelineFlow view = flow(graph, BIG_ORDERS);
    assertEquals(PipelineFlow.Type.STREAMING, view.type());
    assertEquals(List.of(ORDERS), List.copyOf(view.pipelineInputs().values()));
    LogicalPlan leaf = view.pipelineInputs().keySet().iterator().next();
    assertTrue(leaf instanceof LocalRelation);
    assertTrue(leaf.isStreaming());
    assertEquals(
        List.of("order_id", "customer", "amount"),
        ScalaCollections.asJava(leaf.output()).stream().map(a -> a.name()).toList());
    assertTrue(contains(view.query(), leaf));

    PipelineFlow events = flow(graph, ORDER_EVENTS);
    assertEquals(PipelineFlow.Type.STREAMING, events.type());
    assertEquals(List.of(BIG_ORDERS), List.copyOf(events.pipelineInputs().values()));
    assertFalse(
        "what the view reads is the view's lineage, not the table's",
        contains(events.query(), SubqueryAlias.class));
    assertEquals(Optional.of(8), events.definition().orElseThrow().line());
  }

  @Test
  public void keepsThePipelinesOwnConfiguration() {
    PipelineGraph graph =
        new SparkPipelines41()
            .resolve(
                SqlPipelines.define(
                    SqlPipelines.shop(SqlPipelines.ordersCsv()),
                    Map.of("spark.openlineage.pipeline.name", "shop")));

    assertEquals(Map.of("spark.openlineage.pipeline.name", "shop"), graph.conf());
  }

  @Test
  public void aGraphThatDoesNotResolveIsAnErrorNamingSparksOwn() {
    String sql =
        "CREATE MATERIALIZED VIEW totals AS SELECT no_such_column FROM range(3);\n"
            + "CREATE MATERIALIZED VIEW copies AS SELECT * FROM totals;\n";

    PipelineGraphException error =
        assertThrows(PipelineGraphException.class, () -> SqlPipelines.resolve(sql));
    assertTrue(
        error.getMessage(),
        error.getMessage().startsWith("flow spark_catalog.default.totals: [UNRESOLVED_COLUMN"));
    assertNotNull(error.getCause());
  }

  @Test
  public void readsAPipelineCommandFromItsConnectOperation() {
    PipelineCommand run =
        PipelineCommand.newBuilder()
            .setStartRun(
                PipelineCommand.StartRun.newBuilder()
                    .setDataflowGraphId("graph-1")
                    .setDry(true)
                    .setStorage("file:///tmp/storage"))
            .build();
    SparkListenerConnectOperationStarted started = started("op-1", run);

    ConnectOperation operation = new SparkPipelines41().operation(started).orElseThrow();

    ConnectOperation.CommandStarted command = (ConnectOperation.CommandStarted) operation;
    assertEquals("op-1", command.operationId());
    assertEquals(1234L, command.time());
    assertEquals("graph-1", command.graphId());
    assertEquals(ConnectOperation.Run.DRY_RUN, command.run());
    assertEquals("no such session in this driver", Optional.empty(), command.graph());

    PipelineCommand define =
        PipelineCommand.newBuilder()
            .setDefineOutput(
                PipelineCommand.DefineOutput.newBuilder()
                    .setDataflowGraphId("graph-1")
                    .setOutputName("orders"))
            .build();
    ConnectOperation.CommandStarted definition =
        (ConnectOperation.CommandStarted)
            new SparkPipelines41().operation(started("op-2", define)).orElseThrow();
    assertEquals(ConnectOperation.Run.NONE, definition.run());
    assertEquals("graph-1", definition.graphId());
  }

  @Test
  public void readsTheEndsOfOperationsAndSessions() {
    SparkPipelines41 pipelines = new SparkPipelines41();

    assertEquals(
        Optional.of(
            new ConnectOperation.OperationEnded(
                "op-1", 5L, ConnectOperation.Outcome.SUCCEEDED, Optional.empty())),
        pipelines.operation(
            new SparkListenerConnectOperationFinished(
                "tag", "op-1", 5L, scala.Option.empty(), emptyMap())));
    assertEquals(
        Optional.of(
            new ConnectOperation.OperationEnded(
                "op-2", 6L, ConnectOperation.Outcome.FAILED, Optional.of("[BOOM] failed"))),
        pipelines.operation(
            new SparkListenerConnectOperationFailed(
                "tag", "op-2", 6L, "[BOOM] failed", emptyMap())));
    assertEquals(
        Optional.of(new ConnectOperation.SessionClosed("s-1", 7L)),
        pipelines.operation(new SparkListenerConnectSessionClosed("s-1", "u", 7L, emptyMap())));
  }

  @Test
  public void ignoresConnectOperationsThatAreNotPipelineCommands() {
    SparkListenerConnectOperationStarted query =
        new SparkListenerConnectOperationStarted(
            "tag", "op-9", 1L, "s-1", "u", "u", "sql", emptySet(), emptyMap());
    query.planRequest_$eq(
        scala.Option.apply(
            ExecutePlanRequest.newBuilder()
                .setSessionId("s-1")
                .setPlan(Plan.newBuilder().setCommand(Command.newBuilder()))
                .build()));

    assertEquals(Optional.empty(), new SparkPipelines41().operation(query));
  }

  private static SparkListenerConnectOperationStarted started(String id, PipelineCommand command) {
    SparkListenerConnectOperationStarted started =
        new SparkListenerConnectOperationStarted(
            "tag", id, 1234L, "no-session", "no-user", "user", "text", emptySet(), emptyMap());
    started.planRequest_$eq(
        scala.Option.apply(
            ExecutePlanRequest.newBuilder()
                .setSessionId("no-session")
                .setPlan(
                    Plan.newBuilder().setCommand(Command.newBuilder().setPipelineCommand(command)))
                .build()));
    return started;
  }

  private static PipelineFlow flow(PipelineGraph graph, TableIdentifier identifier) {
    return graph.flows().stream()
        .filter(flow -> flow.identifier().equals(identifier))
        .findFirst()
        .orElseThrow();
  }

  private static boolean contains(LogicalPlan plan, Class<?> type) {
    return !plan.collect(
            new scala.runtime.AbstractPartialFunction<LogicalPlan, LogicalPlan>() {
              @Override
              public boolean isDefinedAt(LogicalPlan node) {
                return type.isInstance(node);
              }

              @Override
              public <A1 extends LogicalPlan, B1> B1 applyOrElse(
                  A1 node, scala.Function1<A1, B1> otherwise) {
                @SuppressWarnings("unchecked")
                B1 same = isDefinedAt(node) ? (B1) node : otherwise.apply(node);
                return same;
              }
            })
        .isEmpty();
  }

  private static boolean contains(LogicalPlan plan, LogicalPlan node) {
    return plan.find(candidate -> candidate == node).isDefined();
  }

  private static TableIdentifier table(String name) {
    return new TableIdentifier(
        name, scala.Option.apply("default"), scala.Option.apply("spark_catalog"));
  }

  private static scala.collection.immutable.Map<String, String> emptyMap() {
    return scala.collection.immutable.Map$.MODULE$.empty();
  }

  private static scala.collection.immutable.Set<String> emptySet() {
    return scala.collection.immutable.Set$.MODULE$.empty();
  }
}
