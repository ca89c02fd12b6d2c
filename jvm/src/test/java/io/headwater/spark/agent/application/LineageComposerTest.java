package io.headwater.spark.agent.application;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.reading.columns.FieldSources;
import io.headwater.spark.reading.columns.SourceField;
import io.headwater.spark.reading.columns.Transformation;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.RunEvent.EventType;
import java.net.URI;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.Test;

/**
 * The composition rule of the application's column lineage ({@link LineageComposer}, fed through
 * {@link ChildRunRecorder} with real model events): transformation types through intermediate
 * datasets, row-level sources, which datasets are inputs and outputs, and the two budgets.
 */
public class LineageComposerTest {
  private static final OpenLineage OL = new OpenLineage(URI.create("https://test/headwater"));
  private static final String NS = "file";

  private final ChildRunRecorder recorder = new ChildRunRecorder(100_000);

  @Test
  public void directThroughDirectIsDirectWithTheWeakerSubtype() {
    run(List.of("/raw"), write("/staging", field("x", from("/raw", "a", "IDENTITY"))));
    run(List.of("/staging"), write("/out", field("y", from("/staging", "x", "AGGREGATION"))));
    run(List.of("/staging"), write("/out2", field("z", from("/staging", "x", "TRANSFORMATION"))));

    LineageComposer.Composed composed = compose(Optional.empty());
    assertEquals(Set.of(t("DIRECT", "AGGREGATION")), sources(composed, "/out", "y", "/raw", "a"));
    assertEquals(
        Set.of(t("DIRECT", "TRANSFORMATION")), sources(composed, "/out2", "z", "/raw", "a"));
    assertEquals(1, composed.columns().get(ref("/out")).fields().get("y").size());
  }

  @Test
  public void anyIndirectMakesTheCompositionIndirect() {
    run(
        List.of("/raw"),
        write(
            "/staging",
            field("x", from("/raw", "v", "IDENTITY"), from("/raw", "c", "INDIRECT:CONDITIONAL"))));
    run(
        List.of("/staging"),
        write(
            "/out",
            field("y", from("/staging", "x", "TRANSFORMATION")),
            field("w", from("/staging", "x", "INDIRECT:FILTER"))));

    LineageComposer.Composed composed = compose(Optional.empty());
    assertEquals(
        Set.of(t("DIRECT", "TRANSFORMATION")), sources(composed, "/out", "y", "/raw", "v"));
    assertEquals(Set.of(t("INDIRECT", "CONDITIONAL")), sources(composed, "/out", "y", "/raw", "c"));
    // both INDIRECT: the outer one's subtype, as inside one query
    assertEquals(Set.of(t("INDIRECT", "FILTER")), sources(composed, "/out", "w", "/raw", "c"));
    assertEquals(Set.of(t("INDIRECT", "FILTER")), sources(composed, "/out", "w", "/raw", "v"));
  }

  @Test
  public void maskingAnywhereMasksTheComposition() {
    OpenLineage.InputField masked =
        OL.newInputFieldBuilder()
            .namespace(NS)
            .name("/raw")
            .field("email")
            .transformations(
                List.of(
                    OL.newInputFieldTransformationsBuilder()
                        .type("DIRECT")
                        .subtype("TRANSFORMATION")
                        .masking(true)
                        .build()))
            .build();
    run(List.of("/raw"), write("/staging", field("h", masked)));
    run(List.of("/staging"), write("/out", field("h", from("/staging", "h", "IDENTITY"))));

    Set<Transformation> found = sources(compose(Optional.empty()), "/out", "h", "/raw", "email");
    assertEquals(Set.of(new Transformation("DIRECT", "TRANSFORMATION", true, null)), found);
  }

  @Test
  public void rowLevelSourcesOfTheIntermediateDatasetsReachTheOutput() {
    run(
        List.of("/raw"),
        write(
            "/staging",
            List.of(field("k", from("/raw", "k", "IDENTITY"))),
            List.of(from("/raw", "status", "INDIRECT:FILTER"))));
    run(
        List.of("/staging", "/dim"),
        write(
            "/out",
            List.of(field("name", from("/dim", "name", "IDENTITY"))),
            List.of(from("/staging", "k", "INDIRECT:JOIN"), from("/dim", "k", "INDIRECT:JOIN"))));

    FieldSources rowLevel = compose(Optional.empty()).columns().get(ref("/out")).rowLevel();
    Map<SourceField, Set<Transformation>> expected = new LinkedHashMap<>();
    expected.put(new SourceField(NS, "/raw", "k"), Set.of(t("INDIRECT", "JOIN")));
    expected.put(new SourceField(NS, "/dim", "k"), Set.of(t("INDIRECT", "JOIN")));
    expected.put(new SourceField(NS, "/raw", "status"), Set.of(t("INDIRECT", "FILTER")));
    assertEquals(expected, rowLevel.asMap());
  }

  @Test
  public void inputsAreWhatWasReadBeforeTheApplicationWroteIt() {
    run(List.of("/raw"), write("/staging", field("x", from("/raw", "a", "IDENTITY"))));
    run(List.of("/staging"), write("/out", field("y", from("/staging", "x", "IDENTITY"))));
    run(List.of("/out"), null); // a read back (collect)

    LineageComposer.Composed all = compose(Optional.empty());
    assertEquals(List.of(ref("/raw")), all.inputs());
    assertEquals(List.of(ref("/staging"), ref("/out")), all.outputs());
    assertEquals(List.of(), all.leftOut());

    LineageComposer.Composed staged = compose(Optional.of(Pattern.compile("/stag")));
    assertEquals(List.of(ref("/out")), staged.outputs());
    assertEquals(List.of(ref("/staging")), staged.leftOut());

    // the pattern leaves out only what was read back
    LineageComposer.Composed everything = compose(Optional.of(Pattern.compile(".")));
    assertEquals(List.of(ref("/staging"), ref("/out")), everything.leftOut());
    assertEquals(List.of(), everything.outputs());
  }

  @Test
  public void aDatasetReadBeforeItIsWrittenIsAnInputAndNotComposedThrough() {
    run(List.of("/t"), write("/t", field("x", from("/t", "x", "TRANSFORMATION"))));
    run(List.of("/t"), write("/out", field("y", from("/t", "x", "IDENTITY"))));

    LineageComposer.Composed composed = compose(Optional.empty());
    assertEquals(List.of(ref("/t")), composed.inputs());
    assertEquals(Set.of(t("DIRECT", "IDENTITY")), sources(composed, "/out", "y", "/t", "x"));
  }

  @Test
  public void compositionStopsWhereAStepsLineageIsUnknown() {
    run(List.of("/raw"), write("/staging", null));
    run(List.of("/staging"), write("/out", field("y", from("/staging", "x", "IDENTITY"))));

    LineageComposer.Composed composed = compose(Optional.empty());
    assertEquals(Set.of(t("DIRECT", "IDENTITY")), sources(composed, "/out", "y", "/staging", "x"));
    assertFalse(composed.columns().containsKey(ref("/staging")));
  }

  @Test
  public void theTimeBudgetLeavesTheRestWithoutColumnLineage() {
    run(List.of("/raw"), write("/out", field("y", from("/raw", "a", "IDENTITY"))));

    LineageComposer.Composed composed =
        LineageComposer.compose(recorder.recorded(), Optional.empty(), () -> true);
    assertTrue(composed.timedOut());
    assertEquals(Map.of(), composed.columns());
    assertEquals(List.of(ref("/out")), composed.outputs());
  }

  @Test
  public void theSizeLimitKeepsTheFirstRunsOnly() {
    ChildRunRecorder small = new ChildRunRecorder(5);
    small.ended(
        event(
            EventType.COMPLETE,
            List.of("/raw"),
            write("/a", field("x", from("/raw", "x", "IDENTITY")))));
    small.ended(
        event(
            EventType.COMPLETE,
            List.of("/a"),
            write("/b", field("x", from("/a", "x", "IDENTITY")))));
    assertTrue(small.cut());
    assertEquals(2, small.childRuns());
    assertEquals(1, small.composedRuns());
    assertEquals(Set.of(ref("/a")), small.recorded().written().keySet());
  }

  @Test
  public void failedChildRunsAreListedNotComposed() {
    OpenLineage.RunEvent failed =
        OL.newRunEventBuilder()
            .eventType(EventType.FAIL)
            .eventTime(ZonedDateTime.now())
            .run(
                OL.newRun(
                    UUID.randomUUID(),
                    OL.newRunFacetsBuilder()
                        .errorMessage(
                            OL.newErrorMessageRunFacet("division by zero\n  at x", "JAVA", null))
                        .build()))
            .job(OL.newJobBuilder().namespace("default").name("app.step").build())
            .inputs(List.of(input("/raw")))
            .outputs(List.of(write("/out", field("y", from("/raw", "a", "IDENTITY")))))
            .build();
    recorder.ended(failed);
    assertEquals(1, recorder.failuresTotal());
    assertEquals("division by zero", recorder.failures().get(0).get("message"));
    assertEquals("app.step", recorder.failures().get(0).get("jobName"));
    assertEquals(0, recorder.composedRuns());
    assertEquals(Map.of(), recorder.recorded().written());
  }

  // --- helpers: real model events, as RunEventFactory builds them

  private LineageComposer.Composed compose(Optional<Pattern> intermediate) {
    return LineageComposer.compose(recorder.recorded(), intermediate, () -> false);
  }

  private void run(List<String> inputs, OpenLineage.OutputDataset output) {
    recorder.ended(event(EventType.COMPLETE, inputs, output));
  }

  private static OpenLineage.RunEvent event(
      EventType type, List<String> inputs, OpenLineage.OutputDataset output) {
    return OL.newRunEventBuilder()
        .eventType(type)
        .eventTime(ZonedDateTime.now())
        .run(OL.newRun(UUID.randomUUID(), OL.newRunFacetsBuilder().build()))
        .job(OL.newJobBuilder().namespace("default").name("app.step").build())
        .inputs(inputs.stream().map(LineageComposerTest::input).toList())
        .outputs(output == null ? List.of() : List.of(output))
        .build();
  }

  private static OpenLineage.InputDataset input(String name) {
    return OL.newInputDatasetBuilder().namespace(NS).name(name).build();
  }

  private static OpenLineage.OutputDataset write(
      String name, Map.Entry<String, List<OpenLineage.InputField>> field) {
    return field == null
        ? OL.newOutputDatasetBuilder().namespace(NS).name(name).build()
        : write(name, List.of(field), List.of());
  }

  private static OpenLineage.OutputDataset write(
      String name,
      Map.Entry<String, List<OpenLineage.InputField>> first,
      Map.Entry<String, List<OpenLineage.InputField>> second) {
    return write(name, List.of(first, second), List.of());
  }

  private static OpenLineage.OutputDataset write(
      String name,
      List<Map.Entry<String, List<OpenLineage.InputField>>> fields,
      List<OpenLineage.InputField> rowLevel) {
    OpenLineage.ColumnLineageDatasetFacetFieldsBuilder built =
        OL.newColumnLineageDatasetFacetFieldsBuilder();
    fields.forEach(
        f ->
            built.put(
                f.getKey(),
                OL.newColumnLineageDatasetFacetFieldsAdditionalBuilder()
                    .inputFields(f.getValue())
                    .build()));
    OpenLineage.ColumnLineageDatasetFacetBuilder facet =
        OL.newColumnLineageDatasetFacetBuilder().fields(built.build());
    if (!rowLevel.isEmpty()) {
      facet.dataset(rowLevel);
    }
    return OL.newOutputDatasetBuilder()
        .namespace(NS)
        .name(name)
        .facets(OL.newDatasetFacetsBuilder().columnLineage(facet.build()).build())
        .build();
  }

  private static Map.Entry<String, List<OpenLineage.InputField>> field(
      String name, OpenLineage.InputField... inputs) {
    return Map.entry(name, new ArrayList<>(List.of(inputs)));
  }

  /** An input field; {@code how} is a DIRECT subtype, or {@code INDIRECT:<subtype>}. */
  private static OpenLineage.InputField from(String dataset, String field, String how) {
    boolean indirect = how.startsWith("INDIRECT:");
    return OL.newInputFieldBuilder()
        .namespace(NS)
        .name(dataset)
        .field(field)
        .transformations(
            List.of(
                OL.newInputFieldTransformationsBuilder()
                    .type(indirect ? "INDIRECT" : "DIRECT")
                    .subtype(indirect ? how.substring("INDIRECT:".length()) : how)
                    .masking(false)
                    .build()))
        .build();
  }

  private static Set<Transformation> sources(
      LineageComposer.Composed composed, String output, String field, String input, String from) {
    return composed
        .columns()
        .get(ref(output))
        .fields()
        .get(field)
        .asMap()
        .get(new SourceField(NS, input, from));
  }

  private static Transformation t(String type, String subtype) {
    return new Transformation(type, subtype, false, null);
  }

  private static DatasetRef ref(String name) {
    return new DatasetRef(NS, name);
  }
}
