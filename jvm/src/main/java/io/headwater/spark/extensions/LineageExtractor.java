package io.headwater.spark.extensions;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.config.MetadataSettings;
import io.headwater.spark.reading.ExecutionLineage;
import io.headwater.spark.reading.ExecutionSummary;
import io.headwater.spark.reading.PlanLineageReader;
import io.headwater.spark.reading.StaticLineage;
import io.headwater.spark.reading.walk.ConnectorRegistry;
import io.openlineage.client.OpenLineage;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * The plan reading as the agent runs it: the loaded factories' visitors, created for a run's
 * context ({@link ExtensionVisitors}), as the callbacks of the one walk of {@link
 * PlanLineageReader}. A factory or visitor that throws is reported once by {@link
 * ExtensionFailures} and skipped: the rest of the lineage is still returned.
 */
@Internal
public final class LineageExtractor {
  private final Extensions extensions;
  private final PlanLineageReader reader;
  private final ConnectorRegistry connectors;

  /**
   * @param found the factories in the order they run (user factories first, the connectors last)
   *     and the connectors the plan reading asks ({@link EventHandlerFactories#discover})
   * @param columnLineage how the outputs' {@code columnLineage} facet is built
   */
  public LineageExtractor(
      EventHandlerFactories.Found found,
      ExtensionFailures failures,
      HeadwaterConfig.ColumnLineageSettings columnLineage) {
    this(found, failures, columnLineage, java.util.function.UnaryOperator.identity());
  }

  /**
   * @param found the factories in the order they run (user factories first, the connectors last)
   *     and the connectors the plan reading asks ({@link EventHandlerFactories#discover})
   * @param columnLineage how the outputs' {@code columnLineage} facet is built
   * @param sqlRedaction what SQL text goes through before an event carries it (column-lineage
   *     descriptions)
   */
  public LineageExtractor(
      EventHandlerFactories.Found found,
      ExtensionFailures failures,
      HeadwaterConfig.ColumnLineageSettings columnLineage,
      java.util.function.UnaryOperator<String> sqlRedaction) {
    this.extensions = new Extensions(found.factories(), failures);
    this.connectors = found.connectors();
    this.reader = new PlanLineageReader(connectors, columnLineage, sqlRedaction);
  }

  /** The agent's connectors, for what the agent reads beside the plan walk. */
  public ConnectorRegistry connectors() {
    return connectors;
  }

  /** The factories this extractor runs, for the dataset and facet builders evaluated next to it. */
  public Extensions extensions() {
    return extensions;
  }

  /**
   * The lineage of the plan {@code root} of the context's execution (a schema-inference read has
   * none).
   */
  public ExecutionLineage extract(OpenLineageContext context, LogicalPlan root) {
    return extract(context, root, true);
  }

  /**
   * As {@link #extract(OpenLineageContext, LogicalPlan)}; {@code mayBeSchemaInference} is false for
   * a streaming micro-batch, whose file source reads the way schema inference does.
   */
  public ExecutionLineage extract(
      OpenLineageContext context, LogicalPlan root, boolean mayBeSchemaInference) {
    return walk(context, root, mayBeSchemaInference).lineage();
  }

  /**
   * What the agent reads of a SQL execution at its start: its {@link StaticLineage} kind (from the
   * root alone), then — unless the kind is read at the end or emits nothing — the one walk of its
   * optimized plan; its job name's plan part and SQL text.
   *
   * @param context the run's context, reading {@code execution}
   * @param ddl how metadata-only DDL is reported in the execution's session
   */
  public ExecutionSummary read(
      OpenLineageContext context, QueryExecution execution, MetadataSettings.DdlEvents ddl) {
    LogicalPlan root = execution.optimizedPlan();
    StaticLineage.Kind kind = StaticLineage.kindOf(root, ddl, connectors);
    boolean walks =
        kind != StaticLineage.Kind.NOTHING && !StaticLineage.readAtEnd(kind, root, connectors);
    return ExecutionSummary.of(
        execution, walks ? walk(context, root, true) : PlanLineageReader.Result.NONE, kind);
  }

  private PlanLineageReader.Result walk(
      OpenLineageContext context, LogicalPlan root, boolean mayBeSchemaInference) {
    return reader.read(
        new ExtensionVisitors(extensions, context),
        context.openLineage(),
        root,
        context.queryExecution().map(QueryExecution::analyzed),
        mayBeSchemaInference);
  }

  /**
   * The declared lineage of a query that is not run (a JobEvent of the Python API): the inputs of
   * {@code query} (input visitors on every node, as in {@link #extract}) and {@code output} with
   * the {@code columnLineage} facet of the query's columns, when its schema matches them.
   */
  public ExecutionLineage declared(
      OpenLineageContext context, LogicalPlan query, OpenLineage.OutputDataset output) {
    return declared(context, query, output, java.util.Map.of());
  }

  /**
   * As {@link #declared(OpenLineageContext, LogicalPlan, OpenLineage.OutputDataset)}, for a query
   * some of whose leaves stand for datasets already known ({@link
   * io.headwater.spark.reading.KnownInputs}): each such leaf is that input, by identity.
   */
  public ExecutionLineage declared(
      OpenLineageContext context,
      LogicalPlan query,
      OpenLineage.OutputDataset output,
      java.util.Map<LogicalPlan, OpenLineage.InputDataset> knownInputs) {
    return reader.readDeclared(
        new io.headwater.spark.reading.KnownInputs(
            new ExtensionVisitors(extensions, context), knownInputs),
        context.openLineage(),
        query,
        output);
  }
}
