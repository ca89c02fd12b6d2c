package io.headwater.bench;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.config.ConfigLoader;
import io.headwater.spark.config.ConfigSources;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.extensions.EventHandlerFactories;
import io.headwater.spark.extensions.ExtensionFailures;
import io.headwater.spark.extensions.LineageExtractor;
import io.headwater.spark.extensions.RunContext;
import io.headwater.spark.facets.StandardDatasetFactory;
import io.headwater.spark.reading.ExecutionLineage;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.spark.sql.catalyst.QueryPlanningTracker;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.execution.CommandExecutionMode;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.QueryExecution$;

/**
 * Cost of column-lineage extraction against Spark's own planning, on plans built to be hard for it:
 * a 1,000-column projection (wide), a chain of 50 joins (deep), a 200-branch {@code UNION ALL} and
 * a {@code MERGE INTO} of 200 columns.
 *
 * <p>Each query is an {@code INSERT INTO} a session-catalog parquet table from empty source tables,
 * or the {@code MERGE INTO} an empty Apache Iceberg table of a Hadoop catalog under the work
 * directory (nothing is executed: the plan is all that matters). For every iteration, side by side:
 * Spark parses the SQL, then a fresh {@link QueryExecution} (commands not run) analyses and
 * optimizes it, and its {@link QueryPlanningTracker} reports the {@code analysis} + {@code
 * optimization} phase times; then Headwater's {@link LineageExtractor} reads the optimized plan
 * twice, once building the {@code columnLineage} facet and once with column lineage switched off (a
 * schema size limit of 0), so the difference is what column lineage alone costs. Medians over the
 * measured iterations are compared:
 *
 * <pre>
 *   column-lineage ratio = (extraction with column lineage - extraction without) / (Spark analysis + optimization)
 *   extraction ratio     =  extraction with column lineage                        / (Spark analysis + optimization)
 * </pre>
 *
 * The target is a column-lineage ratio of at most 0.25 for each of the first three (issue 4) and
 * 0.05 for a 200-column {@code MERGE INTO} on Apache Iceberg tables (issue 35). Every iteration
 * checks that the facet was built with the expected fields, so a benchmark that measured nothing
 * fails instead of printing a small ratio.
 *
 * <p>Arguments: {@code [warm-up iterations, default 5] [measured iterations, default 15] [work
 * directory, default build/bench/column-lineage]}. Run with {@code make bench-column-lineage}.
 */
public final class ColumnLineageBenchmark {
  private static final int MERGE_COLUMNS = 200;

  /** The configuration extensions would see: a console transport, everything else default. */
  private static final HeadwaterConfig CONFIG =
      ConfigLoader.load(
          new ConfigSources(
              Map.of("spark.openlineage.transport.type", "console"), Map.of(), List.of()));

  /** The highest column-lineage ratio of issue 4's plans (wide and deep). */
  private static final double READ_TARGET = 0.25;

  /** The highest column-lineage ratio of the row-level write (issue 35). */
  private static final double MERGE_TARGET = 0.05;

  private record Scenario(
      ColumnLineagePlans.Plan plan,
      double target,
      Consumer<OpenLineage.ColumnLineageDatasetFacet> check) {
    String name() {
      return plan.name();
    }

    String sql() {
      return plan.sql();
    }

    int outputFields() {
      return plan.outputFields();
    }
  }

  private record Sample(
      long sparkNanos, long withColumnLineageNanos, long withoutColumnLineageNanos) {}

  private ColumnLineageBenchmark() {}

  public static void main(String[] args) throws Exception {
    int warmUp = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    int measured = args.length > 1 ? Integer.parseInt(args[1]) : 15;
    Path workdir =
        Path.of(args.length > 2 ? args[2] : "build/bench/column-lineage").toAbsolutePath();
    Files.createDirectories(workdir);
    SparkSession spark =
        (SparkSession)
            org.apache.spark.sql.SparkSession.builder()
                .appName("headwater-column-lineage-bench")
                .master("local[1]")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.catalogImplementation", "in-memory")
                .config("spark.sql.warehouse.dir", workdir.resolve("warehouse").toUri().toString())
                // Apache Iceberg's Hadoop catalog (a folder under the work directory): the tables
                // of
                // the MERGE plan, whose row-level operations Spark plans itself.
                .config("spark.sql.catalog.bench", "org.apache.iceberg.spark.SparkCatalog")
                .config("spark.sql.catalog.bench.type", "hadoop")
                .config(
                    "spark.sql.catalog.bench.warehouse",
                    workdir.resolve("iceberg").toUri().toString())
                .getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    try {
      List<Scenario> scenarios = List.of(wide(spark), joins(spark), union(spark), merge(spark));
      System.out.printf(
          "%-26s %12s %14s %14s %10s %10s %8s%n",
          "plan", "spark ms", "extract+CL ms", "extract ms", "CL ratio", "all ratio", "target");
      boolean met = true;
      for (Scenario scenario : scenarios) {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < warmUp + measured; i++) {
          Sample sample = measure(spark, scenario);
          if (i >= warmUp) {
            samples.add(sample);
          }
        }
        double sparkMs = median(samples, Sample::sparkNanos) / 1e6;
        double withMs = median(samples, Sample::withColumnLineageNanos) / 1e6;
        double withoutMs = median(samples, Sample::withoutColumnLineageNanos) / 1e6;
        double columnLineageRatio = Math.max(0, withMs - withoutMs) / sparkMs;
        met &= columnLineageRatio <= scenario.target();
        System.out.printf(
            "%-26s %12.1f %14.2f %14.2f %10.3f %10.3f %8.2f%n",
            scenario.name(),
            sparkMs,
            withMs,
            withoutMs,
            columnLineageRatio,
            withMs / sparkMs,
            scenario.target());
      }
      System.out.printf(
          "(%d warm-up + %d measured iterations per plan, medians; target: CL ratio <= the plan's"
              + " target: %s)%n",
          warmUp, measured, met ? "met" : "NOT met");
    } finally {
      spark.stop();
    }
  }

  private static Sample measure(SparkSession spark, Scenario scenario) throws Exception {
    LogicalPlan parsed = spark.sessionState().sqlParser().parsePlan(scenario.sql());
    QueryPlanningTracker tracker = new QueryPlanningTracker(scala.Option.empty());
    QueryExecution queryExecution =
        new QueryExecution(
            spark,
            parsed,
            tracker,
            CommandExecutionMode.SKIP(),
            QueryExecution$.MODULE$.$lessinit$greater$default$5(),
            QueryExecution$.MODULE$.$lessinit$greater$default$6());
    LogicalPlan optimized = queryExecution.optimizedPlan();
    long sparkNanos =
        (phaseMillis(tracker, QueryPlanningTracker.ANALYSIS())
                + phaseMillis(tracker, QueryPlanningTracker.OPTIMIZATION()))
            * 1_000_000L;

    long start = System.nanoTime();
    ExecutionLineage with =
        extractor(Integer.MAX_VALUE).extract(context(spark, queryExecution), optimized);
    long withNanos = System.nanoTime() - start;
    start = System.nanoTime();
    ExecutionLineage without = extractor(0).extract(context(spark, queryExecution), optimized);
    long withoutNanos = System.nanoTime() - start;

    check(scenario, with, true);
    check(scenario, without, false);
    return new Sample(sparkNanos, withNanos, withoutNanos);
  }

  private static void check(
      Scenario scenario, ExecutionLineage lineage, boolean withColumnLineage) {
    if (lineage.outputs().size() != 1) {
      throw new IllegalStateException(
          scenario.name() + ": expected one output, got " + lineage.outputs());
    }
    OpenLineage.ColumnLineageDatasetFacet facet =
        lineage.outputs().get(0).getFacets().getColumnLineage();
    if (!withColumnLineage) {
      if (facet != null) {
        throw new IllegalStateException(
            scenario.name() + ": column lineage was built with a schema size limit of 0");
      }
      return;
    }
    if (facet == null
        || facet.getFields().getAdditionalProperties().size() != scenario.outputFields()) {
      throw new IllegalStateException(
          scenario.name()
              + ": expected a columnLineage facet with "
              + scenario.outputFields()
              + " fields, got "
              + facet);
    }
    scenario.check().accept(facet);
  }

  private static long phaseMillis(QueryPlanningTracker tracker, String phase) {
    scala.Option<QueryPlanningTracker.PhaseSummary> summary = tracker.phases().get(phase);
    if (summary.isEmpty()) {
      throw new IllegalStateException("Spark's tracker recorded no " + phase + " phase");
    }
    return summary.get().durationMs();
  }

  private static LineageExtractor extractor(int schemaSizeLimit) {
    ExtensionFailures failures = new ExtensionFailures();
    return new LineageExtractor(
        EventHandlerFactories.discover(ColumnLineageBenchmark.class.getClassLoader(), failures),
        failures,
        new HeadwaterConfig.ColumnLineageSettings(true, schemaSizeLimit, Duration.ofMinutes(10)));
  }

  private static OpenLineageContext context(SparkSession spark, QueryExecution queryExecution) {
    OpenLineage openLineage =
        new OpenLineage(URI.create("https://github.com/headwater-lineage/headwater/bench"));
    return new RunContext(
        openLineage,
        spark.sparkContext(),
        Optional.of(spark),
        UUID.randomUUID(),
        UUID.randomUUID(),
        Optional.of(queryExecution),
        new StandardDatasetFactory(openLineage),
        RunContext.configurationOf(CONFIG));
  }

  private static Scenario wide(SparkSession spark) {
    return new Scenario(
        ColumnLineagePlans.wide(spark),
        READ_TARGET,
        facet -> expectSources(facet, "c1", List.of("c1", "c2")));
  }

  private static Scenario joins(SparkSession spark) {
    return new Scenario(
        ColumnLineagePlans.joins(spark),
        READ_TARGET,
        facet ->
            expectSources(
                facet, "v" + ColumnLineagePlans.JOINS, List.of("v" + ColumnLineagePlans.JOINS)));
  }

  private static Scenario union(SparkSession spark) {
    return new Scenario(
        ColumnLineagePlans.union(spark),
        READ_TARGET,
        facet -> {
          int sources =
              facet.getFields().getAdditionalProperties().get("v").getInputFields().size();
          if (sources != ColumnLineagePlans.UNION_BRANCHES) {
            throw new IllegalStateException(
                "union: v should have "
                    + ColumnLineagePlans.UNION_BRANCHES
                    + " sources, has "
                    + sources);
          }
        });
  }

  /**
   * {@code MERGE INTO bench.db.merge_tgt t USING bench.db.merge_src s ON t.c0 = s.c0 WHEN MATCHED
   * THEN UPDATE SET <200 expressions> WHEN NOT MATCHED THEN INSERT <200 values>} on Apache Iceberg
   * tables of 200 columns (copy-on-write: Spark rewrites it to {@code ReplaceData} over {@code
   * MergeRows}); every assignment an expression over the target's and the source's column.
   */
  private static Scenario merge(SparkSession spark) {
    String columns =
        IntStream.range(0, MERGE_COLUMNS)
            .mapToObj(i -> "c" + i + " INT")
            .collect(Collectors.joining(", "));
    for (String table : List.of("merge_tgt", "merge_src")) {
      spark.sql(
          "CREATE TABLE IF NOT EXISTS bench.db." + table + " (" + columns + ") USING iceberg");
    }
    String updates =
        IntStream.range(0, MERGE_COLUMNS)
            .mapToObj(
                i ->
                    "c"
                        + i
                        + " = "
                        + switch (i % 3) {
                          case 0 -> "t.c" + i + " + s.c" + i;
                          case 1 ->
                              "CASE WHEN s.c" + i + " > 0 THEN s.c" + i + " ELSE t.c" + i + " END";
                          default -> "coalesce(s.c" + i + ", t.c" + i + ")";
                        })
            .collect(Collectors.joining(", "));
    String names =
        IntStream.range(0, MERGE_COLUMNS).mapToObj(i -> "c" + i).collect(Collectors.joining(", "));
    String values =
        IntStream.range(0, MERGE_COLUMNS)
            .mapToObj(i -> "s.c" + i + " * 2")
            .collect(Collectors.joining(", "));
    return new Scenario(
        new ColumnLineagePlans.Plan(
            "merge (200 columns)",
            "MERGE INTO bench.db.merge_tgt t USING bench.db.merge_src s ON t.c0 = s.c0"
                + " WHEN MATCHED THEN UPDATE SET "
                + updates
                + " WHEN NOT MATCHED THEN INSERT ("
                + names
                + ") VALUES ("
                + values
                + ")",
            MERGE_COLUMNS),
        MERGE_TARGET,
        ColumnLineageBenchmark::expectMergeSources);
  }

  /**
   * The MERGE's facet (docs/column-lineage.md, "Row-level writes"): each field {@code ci} has the
   * target's own {@code ci} (IDENTITY: the rows no clause changes keep it) and the source's {@code
   * ci} (what the clauses assign it) as its only DIRECT sources, and the merge condition's {@code
   * c0} of both tables is INDIRECT/JOIN in the facet's dataset list.
   */
  private static void expectMergeSources(OpenLineage.ColumnLineageDatasetFacet facet) {
    facet
        .getFields()
        .getAdditionalProperties()
        .forEach(
            (field, lineage) -> {
              List<String> actual =
                  lineage.getInputFields().stream()
                      .map(input -> tableOf(input) + "." + input.getField())
                      .sorted()
                      .toList();
              List<String> expected = List.of("merge_src." + field, "merge_tgt." + field);
              if (!actual.equals(expected)) {
                throw new IllegalStateException(
                    "merge: " + field + " should have sources " + expected + ", has " + actual);
              }
            });
    List<String> joined =
        facet.getDataset().stream()
            .filter(
                input ->
                    input.getTransformations().stream()
                        .anyMatch(t -> "JOIN".equals(t.getSubtype())))
            .map(input -> tableOf(input) + "." + input.getField())
            .sorted()
            .toList();
    if (!joined.equals(List.of("merge_src.c0", "merge_tgt.c0"))) {
      throw new IllegalStateException(
          "merge: the JOIN sources should be c0 of both, are " + joined);
    }
  }

  private static String tableOf(OpenLineage.InputField input) {
    return input.getName().substring(input.getName().lastIndexOf('/') + 1);
  }

  private static void expectSources(
      OpenLineage.ColumnLineageDatasetFacet facet, String field, List<String> expected) {
    List<String> actual =
        facet.getFields().getAdditionalProperties().get(field).getInputFields().stream()
            .map(OpenLineage.InputField::getField)
            .sorted()
            .toList();
    if (!actual.equals(expected)) {
      throw new IllegalStateException(field + ": expected sources " + expected + ", got " + actual);
    }
  }

  private static double median(
      List<Sample> samples, java.util.function.ToLongFunction<Sample> value) {
    List<Long> values = new ArrayList<>(samples.stream().map(value::applyAsLong).toList());
    Collections.sort(values);
    int middle = values.size() / 2;
    return values.size() % 2 == 1
        ? values.get(middle)
        : (values.get(middle - 1) + values.get(middle)) / 2.0;
  }
}
