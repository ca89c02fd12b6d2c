package io.headwater.spark.reading;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.RowLevelWrite;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.facets.ColumnLineageSkip;
import io.headwater.spark.facets.Datasets;
import io.headwater.spark.reading.columns.AnalysisBudget;
import io.headwater.spark.reading.columns.ColumnLineageAnalyzer;
import io.headwater.spark.reading.columns.ColumnLineageFacets;
import io.headwater.spark.reading.walk.ConnectorRegistry;
import io.headwater.spark.reading.walk.PlanCallback;
import io.headwater.spark.reading.walk.PlanWalk;
import io.openlineage.client.OpenLineage;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * Reads the lineage of one logical plan in one walk ({@link PlanWalk}): the output visitors on the
 * root first, then one pass over every node in which the input visitors name the datasets read,
 * {@link SchemaInference} recognises Spark's own schema-inference reads, and — when an output's
 * schema matches the rows its command writes ({@link WrittenQuery}) — {@link ColumnLineageAnalyzer}
 * traces those rows' columns back to the inputs. Datasets are kept in plan order, one per namespace
 * and name (the first one keeps its facets).
 *
 * <p>Limits ({@code spark.openlineage.columnLineage.*}): an output with more fields than {@code
 * schemaSizeLimit} gets no {@code columnLineage} facet, nor does any output when the analysis runs
 * past {@code timeBudgetMillis}; each such output is listed in the lineage's skips. A failure of
 * the column analysis is reported once ({@link PlanVisitors#reportFailure}) and leaves the facet
 * off; the datasets are still returned.
 */
@Internal
public final class PlanLineageReader {
  private final HeadwaterConfig.ColumnLineageSettings columnLineage;
  private final java.util.function.UnaryOperator<String> descriptionRedaction;
  private final ConnectorRegistry connectors;

  /**
   * @param connectors the agent's connectors, asked their hook questions
   * @param columnLineage how outputs' {@code columnLineage} facet is built
   */
  public PlanLineageReader(
      ConnectorRegistry connectors, HeadwaterConfig.ColumnLineageSettings columnLineage) {
    this(connectors, columnLineage, java.util.function.UnaryOperator.identity());
  }

  /**
   * @param connectors the agent's connectors, asked their hook questions
   * @param columnLineage how outputs' {@code columnLineage} facet is built
   * @param sqlRedaction what SQL text goes through before an event carries it (the event's {@code
   *     Redaction.sql}): applied to the transformations' descriptions when {@code
   *     descriptionsEnabled}
   */
  public PlanLineageReader(
      ConnectorRegistry connectors,
      HeadwaterConfig.ColumnLineageSettings columnLineage,
      java.util.function.UnaryOperator<String> sqlRedaction) {
    this.connectors = connectors;
    this.columnLineage = columnLineage;
    this.descriptionRedaction = columnLineage.descriptionsEnabled() ? sqlRedaction : null;
  }

  /**
   * What one walk read.
   *
   * @param lineage the datasets and column lineage; {@link ExecutionLineage#EMPTY} for a
   *     schema-inference read
   * @param schemaInference true when the plan is one of Spark's schema-inference reads
   */
  public record Result(ExecutionLineage lineage, boolean schemaInference) {
    /** Nothing read: the walk did not run. */
    public static final Result NONE = new Result(ExecutionLineage.EMPTY, false);
  }

  /**
   * The lineage of an execution whose plan is {@code root}.
   *
   * @param analyzed the execution's analyzed plan (to tell the filters the optimizer inferred),
   *     when there is one
   * @param mayBeSchemaInference false for plans that are never Spark's schema-inference reads (a
   *     streaming micro-batch, whose file source reads the same way)
   * @return the lineage; {@link ExecutionLineage#EMPTY} for a schema-inference read
   */
  public Result read(
      PlanVisitors visitors,
      OpenLineage openLineage,
      LogicalPlan root,
      Optional<LogicalPlan> analyzed,
      boolean mayBeSchemaInference) {
    List<OpenLineage.OutputDataset> outputs = unique(visitors.outputsAt(root));
    Optional<RowLevelWrite> rowLevel =
        outputs.isEmpty() ? Optional.empty() : RowLevelWrites.of(root, analyzed, connectors);
    Optional<LogicalPlan> written =
        outputs.isEmpty() || rowLevel.isPresent()
            ? Optional.empty()
            : WrittenQuery.of(root, connectors);
    Walk walk = walk(visitors, root, written, rowLevel, outputs, analyzed);
    if (mayBeSchemaInference && walk.schemaInference.isSchemaInference()) {
      return new Result(ExecutionLineage.EMPTY, true);
    }
    return new Result(
        walk.lineage(visitors, openLineage, outputs, visitors.jobNameSuffix(root)), false);
  }

  /**
   * The declared lineage of a query that is not run (a JobEvent of the Python API): the inputs of
   * {@code query} and {@code output} with the {@code columnLineage} facet of the query's columns,
   * when its schema matches them.
   */
  public ExecutionLineage readDeclared(
      PlanVisitors visitors,
      OpenLineage openLineage,
      LogicalPlan query,
      OpenLineage.OutputDataset output) {
    Walk walk =
        walk(
            visitors,
            query,
            Optional.of(query),
            Optional.empty(),
            List.of(output),
            Optional.of(query));
    return walk.lineage(visitors, openLineage, List.of(output), Optional.empty());
  }

  private Walk walk(
      PlanVisitors visitors,
      LogicalPlan root,
      Optional<LogicalPlan> written,
      Optional<RowLevelWrite> rowLevel,
      List<OpenLineage.OutputDataset> outputs,
      Optional<LogicalPlan> analyzed) {
    List<ColumnLineageSkip> skips = new ArrayList<>();
    boolean traced = false;
    for (OpenLineage.OutputDataset output :
        written.isPresent() || rowLevel.isPresent()
            ? outputs
            : List.<OpenLineage.OutputDataset>of()) {
      // every output: each one over the limit is a skip
      traced |= traces(output, written, skips);
    }
    Inputs inputs = new Inputs(visitors);
    SchemaInference schemaInference = new SchemaInference();
    List<PlanCallback> callbacks = new ArrayList<>(List.of(schemaInference, inputs));
    ColumnLineageAnalyzer columns = null;
    if (traced) {
      columns =
          new ColumnLineageAnalyzer(
              written.orElseGet(() -> rowLevel.get().target()),
              node -> Optional.ofNullable(inputs.relationDatasets.get(node)),
              connectors,
              AnalysisBudget.startingNow(columnLineage.timeBudget()),
              analyzed,
              descriptionRedaction);
      if (written.isPresent()) {
        callbacks.add(columns); // a row-level write is analysed after the walk named its inputs
      }
    }
    PlanWalk.Failures failures = PlanWalk.walk(root, connectors, callbacks);
    return new Walk(inputs, schemaInference, columns, failures, written, rowLevel, skips);
  }

  /**
   * True when {@code output}'s columns are to be traced: its schema has as many fields as the
   * {@code written} query has columns (any number for a row-level write, whose fields are named),
   * within {@code schemaSizeLimit} (else it is skipped).
   */
  private boolean traces(
      OpenLineage.OutputDataset output,
      Optional<LogicalPlan> written,
      List<ColumnLineageSkip> skips) {
    List<String> names = fieldNames(output);
    if (names == null || (written.isPresent() && written.get().output().size() != names.size())) {
      return false;
    }
    if (names.size() > columnLineage.schemaSizeLimit()) {
      skips.add(
          new ColumnLineageSkip(
              output.getNamespace(),
              output.getName(),
              ColumnLineageSkip.Reason.SCHEMA_SIZE_LIMIT,
              names.size(),
              columnLineage.schemaSizeLimit()));
      return false;
    }
    return true;
  }

  private static List<String> fieldNames(OpenLineage.OutputDataset output) {
    OpenLineage.SchemaDatasetFacet schema =
        output.getFacets() == null ? null : output.getFacets().getSchema();
    if (schema == null || schema.getFields() == null) {
      return null;
    }
    return schema.getFields().stream().map(OpenLineage.SchemaDatasetFacetFields::getName).toList();
  }

  /** What one walk found, turned into the execution's lineage. */
  private final class Walk {
    private final Inputs inputs;
    private final SchemaInference schemaInference;
    private final ColumnLineageAnalyzer columns;
    private final PlanWalk.Failures failures;
    private final Optional<LogicalPlan> written;
    private final Optional<RowLevelWrite> rowLevel;
    private final List<ColumnLineageSkip> skips;

    Walk(
        Inputs inputs,
        SchemaInference schemaInference,
        ColumnLineageAnalyzer columns,
        PlanWalk.Failures failures,
        Optional<LogicalPlan> written,
        Optional<RowLevelWrite> rowLevel,
        List<ColumnLineageSkip> skips) {
      this.inputs = inputs;
      this.schemaInference = schemaInference;
      this.columns = columns;
      this.failures = failures;
      this.written = written;
      this.rowLevel = rowLevel;
      this.skips = skips;
    }

    ExecutionLineage lineage(
        PlanVisitors visitors,
        OpenLineage openLineage,
        List<OpenLineage.OutputDataset> outputs,
        Optional<String> suffix) {
      List<OpenLineage.OutputDataset> withLineage = new ArrayList<>(outputs.size());
      for (OpenLineage.OutputDataset output : outputs) {
        withLineage.add(withColumnLineage(visitors, openLineage, output));
      }
      return new ExecutionLineage(inputs.datasets(), withLineage, suffix, skips);
    }

    private OpenLineage.OutputDataset withColumnLineage(
        PlanVisitors visitors, OpenLineage openLineage, OpenLineage.OutputDataset output) {
      List<String> names = fieldNames(output);
      if (columns == null
          || names == null
          || (written.isPresent() && written.get().output().size() != names.size())
          || names.size() > columnLineage.schemaSizeLimit()) {
        return output;
      }
      RuntimeException failure = failures.of(columns);
      try {
        if (failure != null) {
          throw failure;
        }
        ColumnLineageAnalyzer.Result result =
            rowLevel.isPresent()
                ? columns.rowLevelResult(
                    rowLevel.get(),
                    names,
                    new ColumnLineageAnalyzer.SourceDataset(
                        output.getNamespace(), output.getName()))
                : columns.result(names);
        return Datasets.withFacet(
            openLineage,
            output,
            "columnLineage",
            ColumnLineageFacets.of(openLineage, result, columnLineage.datasetLineageEnabled()));
      } catch (AnalysisBudget.Exceeded exceeded) {
        ColumnLineageSkip skip =
            new ColumnLineageSkip(
                output.getNamespace(),
                output.getName(),
                ColumnLineageSkip.Reason.TIME_BUDGET,
                names.size(),
                exceeded.budget().toMillis());
        if (!skips.contains(skip)) {
          skips.add(skip);
        }
        return output;
      } catch (RuntimeException | LinkageError e) {
        visitors.reportFailure(ColumnLineageAnalyzer.class, "column lineage", e);
        return output;
      }
    }
  }

  /**
   * The input visitors as a callback: the datasets of every node, one per namespace and name, and
   * the dataset of each relation that gives exactly one (column lineage starts from those).
   */
  private static final class Inputs implements PlanCallback {
    private final PlanVisitors visitors;
    private final Map<String, OpenLineage.InputDataset> byName = new LinkedHashMap<>();
    private final IdentityHashMap<LogicalPlan, ColumnLineageAnalyzer.SourceDataset>
        relationDatasets = new IdentityHashMap<>();

    Inputs(PlanVisitors visitors) {
      this.visitors = visitors;
    }

    @Override
    public void enter(LogicalPlan node) {
      List<OpenLineage.InputDataset> found = visitors.inputsAt(node);
      if (found.size() == 1) {
        relationDatasets.put(
            node,
            new ColumnLineageAnalyzer.SourceDataset(
                found.get(0).getNamespace(), found.get(0).getName()));
      }
      for (OpenLineage.InputDataset dataset : found) {
        byName.putIfAbsent(ExecutionLineage.key(dataset), dataset);
      }
    }

    List<OpenLineage.InputDataset> datasets() {
      return new ArrayList<>(byName.values());
    }
  }

  private static List<OpenLineage.OutputDataset> unique(List<OpenLineage.OutputDataset> outputs) {
    Map<String, OpenLineage.OutputDataset> byName = new LinkedHashMap<>();
    outputs.forEach(output -> byName.putIfAbsent(ExecutionLineage.key(output), output));
    return new ArrayList<>(byName.values());
  }
}
