package io.headwater.bench;

import io.headwater.spark.agent.application.ApplicationLineage;
import io.headwater.spark.config.ApplicationLineageSettings;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.RunEvent.EventType;
import io.openlineage.client.OpenLineageClientUtils;
import java.net.URI;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Cost of application-level lineage ({@code spark.openlineage.application.lineage.enabled}) at the
 * sizes of the column-lineage benchmark: what recording the child runs' terminal events and
 * composing the application's lineage at its end take, side by side with serialising the same child
 * events to JSON (what the agent pays for every event anyway).
 *
 * <p>Three synthetic applications of real model events, each step's output carrying a {@code
 * columnLineage} facet: <b>wide</b>, 10 steps each copying the previous 1,000-column staging
 * dataset with a transformation; <b>deep</b>, 50 steps each joining the previous 200-column staging
 * dataset with an external one (two input fields per field, the join keys as row-level sources);
 * <b>fan-in</b>, 200 steps each writing a 50-column staging dataset from its own external input,
 * and one step reading all 200 (a 200-branch union). Every staging dataset is read back and matches
 * the intermediate pattern, so composition goes through all of them. Medians over the measured
 * iterations:
 *
 * <pre>
 *   record ratio  = recording every child's terminal event / serialising those events to JSON
 *   compose ratio = composing at the application's end     / serialising the child events to JSON
 * </pre>
 *
 * and the composition in milliseconds against {@code application.lineage.timeBudgetMillis}' default
 * (2,000 ms, column lineage's budget per output). Each iteration checks the composed facet reaches
 * the external inputs, so a benchmark that composed nothing fails.
 *
 * <p>Arguments: {@code [warm-up iterations, default 5] [measured iterations, default 15]}. Run with
 * {@code gradle benchApplicationLineage}.
 */
public final class ApplicationLineageBenchmark {
  private static final OpenLineage OL = new OpenLineage(URI.create("https://bench/headwater"));
  private static final String NS = "file";

  /**
   * {@code application.lineage.timeBudgetMillis}' default, the figure the composition is set
   * against.
   */
  private static final long DEFAULT_BUDGET_MILLIS = 2000;

  /**
   * A budget the composition never reaches here (a cold first run under load can): cost, not cut,
   * is measured.
   */
  private static final ApplicationLineageSettings SETTINGS =
      new ApplicationLineageSettings(
          true, Optional.of(Pattern.compile("/staging/")), Duration.ofSeconds(60), 1_000_000);

  private ApplicationLineageBenchmark() {}

  public static void main(String[] args) {
    int warmup = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 15;
    System.out.printf(
        "%-8s %6s %10s %10s %11s %8s %8s %9s%n",
        "shape", "runs", "json ms", "record ms", "compose ms", "record", "compose", "of budget");
    measure("wide", chain(10, 1000, false), warmup, iterations);
    measure("deep", chain(50, 200, true), warmup, iterations);
    measure("fan-in", fanIn(200, 50), warmup, iterations);
  }

  private static void measure(
      String shape, List<OpenLineage.RunEvent> children, int warmup, int n) {
    long[] json = new long[n];
    long[] record = new long[n];
    long[] compose = new long[n];
    for (int i = -warmup; i < n; i++) {
      long t0 = System.nanoTime();
      long chars = 0;
      for (OpenLineage.RunEvent event : children) {
        chars += OpenLineageClientUtils.toJson(event).length();
      }
      long t1 = System.nanoTime();
      ApplicationLineage lineage = new ApplicationLineage(SETTINGS, OL);
      children.forEach(lineage::childEnded);
      long t2 = System.nanoTime();
      OpenLineage.RunEvent app = lineage.addTo(applicationComplete());
      long t3 = System.nanoTime();
      check(shape, app, chars);
      if (i >= 0) {
        json[i] = t1 - t0;
        record[i] = t2 - t1;
        compose[i] = t3 - t2;
      }
    }
    double jsonMs = median(json) / 1e6;
    double recordMs = median(record) / 1e6;
    double composeMs = median(compose) / 1e6;
    System.out.printf(
        "%-8s %6d %10.2f %10.2f %11.2f %8.3f %8.3f %8.2f%%%n",
        shape,
        children.size(),
        jsonMs,
        recordMs,
        composeMs,
        recordMs / jsonMs,
        composeMs / jsonMs,
        100 * composeMs / DEFAULT_BUDGET_MILLIS);
  }

  /**
   * {@code steps} runs: the first reads {@code /raw/0}, each next reads the previous staging
   * dataset (and, {@code join}, {@code /raw/<step>}), the last writes {@code /out}.
   */
  private static List<OpenLineage.RunEvent> chain(int steps, int columns, boolean join) {
    List<OpenLineage.RunEvent> events = new ArrayList<>();
    for (int step = 0; step < steps; step++) {
      String previous = step == 0 ? "/raw/0" : "/staging/" + (step - 1);
      String output = step == steps - 1 ? "/out" : "/staging/" + step;
      List<String> inputs =
          join && step > 0 ? List.of(previous, "/raw/" + step) : List.of(previous);
      OpenLineage.ColumnLineageDatasetFacetFieldsBuilder fields =
          OL.newColumnLineageDatasetFacetFieldsBuilder();
      for (int c = 0; c < columns; c++) {
        List<OpenLineage.InputField> sources = new ArrayList<>();
        for (String input : inputs) {
          sources.add(field(input, "c" + c, "DIRECT", "TRANSFORMATION"));
        }
        fields.put(
            "c" + c,
            OL.newColumnLineageDatasetFacetFieldsAdditionalBuilder().inputFields(sources).build());
      }
      List<OpenLineage.InputField> rows =
          inputs.size() > 1
              ? inputs.stream().map(in -> field(in, "k", "INDIRECT", "JOIN")).toList()
              : List.of();
      events.add(complete(inputs, output, fields.build(), rows));
    }
    return events;
  }

  /**
   * {@code branches} runs writing {@code /staging/<i>} from {@code /raw/<i>}, then their union to
   * {@code /out}.
   */
  private static List<OpenLineage.RunEvent> fanIn(int branches, int columns) {
    List<OpenLineage.RunEvent> events = new ArrayList<>();
    List<String> staged = new ArrayList<>();
    for (int b = 0; b < branches; b++) {
      staged.add("/staging/" + b);
      OpenLineage.ColumnLineageDatasetFacetFieldsBuilder fields =
          OL.newColumnLineageDatasetFacetFieldsBuilder();
      for (int c = 0; c < columns; c++) {
        fields.put(
            "c" + c,
            OL.newColumnLineageDatasetFacetFieldsAdditionalBuilder()
                .inputFields(List.of(field("/raw/" + b, "c" + c, "DIRECT", "IDENTITY")))
                .build());
      }
      events.add(complete(List.of("/raw/" + b), "/staging/" + b, fields.build(), List.of()));
    }
    OpenLineage.ColumnLineageDatasetFacetFieldsBuilder union =
        OL.newColumnLineageDatasetFacetFieldsBuilder();
    for (int c = 0; c < columns; c++) {
      int column = c;
      union.put(
          "c" + c,
          OL.newColumnLineageDatasetFacetFieldsAdditionalBuilder()
              .inputFields(
                  staged.stream().map(s -> field(s, "c" + column, "DIRECT", "IDENTITY")).toList())
              .build());
    }
    events.add(complete(staged, "/out", union.build(), List.of()));
    return events;
  }

  private static OpenLineage.RunEvent complete(
      List<String> inputs,
      String output,
      OpenLineage.ColumnLineageDatasetFacetFields fields,
      List<OpenLineage.InputField> rows) {
    OpenLineage.ColumnLineageDatasetFacetBuilder facet =
        OL.newColumnLineageDatasetFacetBuilder().fields(fields);
    if (!rows.isEmpty()) {
      facet.dataset(rows);
    }
    return OL.newRunEventBuilder()
        .eventType(EventType.COMPLETE)
        .eventTime(ZonedDateTime.now())
        .run(OL.newRun(UUID.randomUUID(), OL.newRunFacetsBuilder().build()))
        .job(OL.newJobBuilder().namespace("default").name("bench.step").build())
        .inputs(
            inputs.stream()
                .map(n -> OL.newInputDatasetBuilder().namespace(NS).name(n).build())
                .toList())
        .outputs(
            List.of(
                OL.newOutputDatasetBuilder()
                    .namespace(NS)
                    .name(output)
                    .facets(OL.newDatasetFacetsBuilder().columnLineage(facet.build()).build())
                    .build()))
        .build();
  }

  private static OpenLineage.InputField field(
      String dataset, String name, String type, String subtype) {
    return OL.newInputFieldBuilder()
        .namespace(NS)
        .name(dataset)
        .field(name)
        .transformations(
            List.of(
                OL.newInputFieldTransformationsBuilder()
                    .type(type)
                    .subtype(subtype)
                    .masking(false)
                    .build()))
        .build();
  }

  private static OpenLineage.RunEvent applicationComplete() {
    return OL.newRunEventBuilder()
        .eventType(EventType.COMPLETE)
        .eventTime(ZonedDateTime.now())
        .run(OL.newRun(UUID.randomUUID(), OL.newRunFacetsBuilder().build()))
        .job(OL.newJobBuilder().namespace("default").name("bench").build())
        .inputs(List.of())
        .outputs(List.of())
        .build();
  }

  /** The application has the one output {@code /out}, whose first field reaches {@code /raw/}. */
  private static void check(String shape, OpenLineage.RunEvent app, long chars) {
    List<OpenLineage.OutputDataset> outputs = app.getOutputs();
    if (chars == 0 || outputs.size() != 1 || !"/out".equals(outputs.get(0).getName())) {
      throw new IllegalStateException(shape + ": unexpected outputs " + outputs);
    }
    OpenLineage.ColumnLineageDatasetFacet facet = outputs.get(0).getFacets().getColumnLineage();
    List<OpenLineage.InputField> first =
        facet.getFields().getAdditionalProperties().get("c0").getInputFields();
    if (first.isEmpty() || !first.stream().allMatch(f -> f.getName().startsWith("/raw/"))) {
      throw new IllegalStateException(shape + ": c0 not composed down to /raw/: " + first);
    }
  }

  private static double median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
