package io.headwater.spark.extensions;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.TestContexts;
import io.headwater.spark.api.AbstractInputDatasetBuilder;
import io.headwater.spark.api.AbstractOutputDatasetBuilder;
import io.headwater.spark.api.CustomFacetBuilder;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.reading.ExecutionLineage;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import java.net.URI;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.junit.Test;
import scala.PartialFunction;

/**
 * Dataset builders and facet builders as the agent evaluates them ({@link DatasetBuilders}, {@link
 * FacetBuilders}): the generic-type default of {@code isDefinedAt}, order (user factories first),
 * later facet names replacing earlier ones, and isolation of builders that throw in their
 * constructor, {@code isDefinedAt}, {@code apply} or {@code build}.
 */
public class ExtensionBuildersTest {
  private static final URI PRODUCER = URI.create("https://example/producer");
  private static final OpenLineage OL = new OpenLineage(PRODUCER);
  private static final OpenLineageContext CONTEXT = TestContexts.withoutSpark(OL);

  /** A run facet with one property, as an extension writes one. */
  static final class LabelRunFacet extends OpenLineage.DefaultRunFacet {
    private final String label;

    LabelRunFacet(String label) {
      super(PRODUCER);
      this.label = label;
    }

    public String getLabel() {
      return label;
    }
  }

  /** Reads Strings only (its type argument): reports {@code label} = the string. */
  static final class StringLabelBuilder extends CustomFacetBuilder<String, OpenLineage.RunFacet> {
    @Override
    protected void build(String event, BiConsumer<String, ? super OpenLineage.RunFacet> consumer) {
      consumer.accept("label", new LabelRunFacet(event));
    }
  }

  /** Reads Integers: reports {@code label} = "int:<n>" and {@code number}. */
  static final class IntegerLabelBuilder extends CustomFacetBuilder<Integer, OpenLineage.RunFacet> {
    @Override
    protected void build(Integer event, BiConsumer<String, ? super OpenLineage.RunFacet> consumer) {
      consumer.accept("label", new LabelRunFacet("int:" + event));
      consumer.accept("number", new LabelRunFacet(String.valueOf(event)));
    }
  }

  static final class ThrowingInDefinedAt extends CustomFacetBuilder<Object, OpenLineage.RunFacet> {
    @Override
    public boolean isDefinedAt(Object event) {
      throw new IllegalStateException("isDefinedAt broke");
    }

    @Override
    protected void build(Object event, BiConsumer<String, ? super OpenLineage.RunFacet> consumer) {}
  }

  /** Reports a facet, then throws: nothing it reported for that object is kept. */
  static final class ThrowingInBuild extends CustomFacetBuilder<String, OpenLineage.RunFacet> {
    @Override
    protected void build(String event, BiConsumer<String, ? super OpenLineage.RunFacet> consumer) {
      consumer.accept("half", new LabelRunFacet(event));
      throw new IllegalStateException("build broke");
    }
  }

  /** Names an input after each Long it sees. */
  static final class LongInputs extends AbstractInputDatasetBuilder<Long> {
    LongInputs(OpenLineageContext context) {
      super(context);
    }

    @Override
    protected List<OpenLineage.InputDataset> build(Long event) {
      return List.of(context.datasetFactory().input("numbers", "n" + event, null));
    }
  }

  static final class StringOutputs extends AbstractOutputDatasetBuilder<String> {
    StringOutputs(OpenLineageContext context) {
      super(context);
    }

    @Override
    protected List<OpenLineage.OutputDataset> build(String event) {
      if (event.equals("boom")) {
        throw new IllegalArgumentException("apply broke");
      }
      return List.of(context.datasetFactory().output("words", event, null));
    }
  }

  static final class BrokenConstructorBuilder extends AbstractInputDatasetBuilder<Long> {
    BrokenConstructorBuilder(OpenLineageContext context) {
      super(context);
      throw new IllegalStateException("constructor broke");
    }

    @Override
    protected List<OpenLineage.InputDataset> build(Long event) {
      return List.of();
    }
  }

  static final class UserFactory implements OpenLineageEventHandlerFactory {
    @Override
    public Collection<CustomFacetBuilder<?, ? extends OpenLineage.RunFacet>> createRunFacetBuilders(
        OpenLineageContext context) {
      return List.of(new ThrowingInDefinedAt(), new StringLabelBuilder(), new ThrowingInBuild());
    }

    @Override
    public Collection<PartialFunction<Object, List<OpenLineage.InputDataset>>>
        createInputDatasetBuilder(OpenLineageContext context) {
      return List.of(new LongInputs(context));
    }

    @Override
    public Collection<PartialFunction<Object, List<OpenLineage.OutputDataset>>>
        createOutputDatasetBuilder(OpenLineageContext context) {
      return List.of(new StringOutputs(context));
    }
  }

  /** Its input builders fail as they are built; its run facet builder works. */
  static final class LaterFactory implements OpenLineageEventHandlerFactory {
    @Override
    public Collection<CustomFacetBuilder<?, ? extends OpenLineage.RunFacet>> createRunFacetBuilders(
        OpenLineageContext context) {
      return List.of(new IntegerLabelBuilder());
    }

    @Override
    public Collection<PartialFunction<Object, List<OpenLineage.InputDataset>>>
        createInputDatasetBuilder(OpenLineageContext context) {
      return List.of(new BrokenConstructorBuilder(context));
    }
  }

  private final Extensions extensions =
      new Extensions(List.of(new UserFactory(), new LaterFactory()), new ExtensionFailures());

  private static Map<String, Object> json(Object value) {
    @SuppressWarnings("unchecked")
    Map<String, Object> map =
        OpenLineageClientUtils.newObjectMapper().convertValue(value, Map.class);
    return map;
  }

  @Test
  public void theDefaultIsDefinedAtChecksTheBoundTypeArgument() {
    assertTrue(new StringLabelBuilder().isDefinedAt("a"));
    assertFalse(new StringLabelBuilder().isDefinedAt(1));
    assertTrue(new LongInputs(CONTEXT).isDefinedAt(3L));
    assertFalse(new LongInputs(CONTEXT).isDefinedAt(3));
  }

  @Test
  public void laterFacetNamesReplaceEarlierOnesAndBrokenBuildersAreSkipped() {
    CustomFacets facets =
        new FacetBuilders(extensions).evaluate(CONTEXT, List.of("first", 7, "second"));

    // "label": first from "first", then 7 (the later factory's builder), then "second" again: the
    // last one wins.
    assertEquals(
        Map.of("label", "second", "number", "7"),
        Map.of(
            "label",
            ((LabelRunFacet) facets.run().get("label")).getLabel(),
            "number",
            ((LabelRunFacet) facets.run().get("number")).getLabel()));
    assertEquals(List.of("label", "number"), facets.run().keySet().stream().sorted().toList());
    assertTrue(
        facets.job().isEmpty()
            && facets.dataset().isEmpty()
            && facets.input().isEmpty()
            && facets.output().isEmpty());
  }

  @Test
  public void builderFacetsAreAddedToAnEventWithoutReplacingHeadwatersOwn() {
    CustomFacets facets = new FacetBuilders(extensions).evaluate(CONTEXT, List.of(7));
    OpenLineage.RunFacets own =
        OL.newRunFacetsBuilder()
            .processing_engine(OL.newProcessingEngineRunFacet("4.1", "spark", "0.1.0"))
            .build();
    CustomFacets clashing =
        facets.merge(
            new CustomFacets(
                Map.of("processing_engine", new LabelRunFacet("mine")),
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of()));

    Map<String, Object> run = json(clashing.addTo(own));

    assertEquals(
        List.of("label", "number", "processing_engine"), run.keySet().stream().sorted().toList());
    assertEquals("spark", ((Map<?, ?>) run.get("processing_engine")).get("name"));
    assertEquals("int:7", ((Map<?, ?>) run.get("label")).get("label"));
  }

  @Test
  public void datasetBuildersContributeInOrderAndFailuresAreIsolated() {
    ExecutionLineage lineage =
        new DatasetBuilders(extensions).evaluate(CONTEXT, List.of(1L, "out", "boom", 2L, 1L));

    assertEquals(
        List.of("n1", "n2"), lineage.inputs().stream().map(OpenLineage.Dataset::getName).toList());
    assertEquals(
        List.of("out"), lineage.outputs().stream().map(OpenLineage.Dataset::getName).toList());
    assertEquals("numbers", lineage.inputs().get(0).getNamespace());
    assertEquals("words", lineage.outputs().get(0).getNamespace());
  }

  @Test
  public void dataSetFacetsReplaceSameNamedOnesOnEveryDataset() {
    OpenLineage.DocumentationDatasetFacet doc =
        OL.newDocumentationDatasetFacet("from a builder", null);
    CustomFacets facets =
        new CustomFacets(Map.of(), Map.of(), Map.of("documentation", doc), Map.of(), Map.of());
    OpenLineage.InputDataset input =
        CONTEXT
            .datasetFactory()
            .input(
                "file",
                "/in",
                null,
                OL.newDatasetFacetsBuilder()
                    .documentation(OL.newDocumentationDatasetFacet("old", null)));

    OpenLineage.InputDataset withFacets = facets.addToInputs(OL, List.of(input)).get(0);

    assertEquals("from a builder", withFacets.getFacets().getDocumentation().getDescription());
    assertEquals("file", withFacets.getFacets().getDataSource().getName());
  }
}
