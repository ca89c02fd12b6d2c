package io.headwater.spark.extensions;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.facets.ColumnLineageSkip;
import io.headwater.spark.junit.BuiltInConnectors;
import io.headwater.spark.reading.ExecutionLineage;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.catalyst.expressions.Alias;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.GreaterThan;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.catalyst.expressions.UnaryMinus;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.LocalRelation;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.catalyst.types.DataTypeUtils;
import org.apache.spark.sql.execution.datasources.SaveIntoDataSourceCommand;
import org.apache.spark.sql.execution.datasources.jdbc.JdbcRelationProvider;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.Test;
import scala.PartialFunction;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The column-lineage settings on a real write plan (a JDBC save of a 300-column projection, each
 * column negated, of the rows where {@code c0 > 0}): over the schema size limit or past the time
 * budget, the output keeps its other facets, has no {@code columnLineage}, and the lineage reports
 * the skip; within both, the facet is there. The filter's column goes to the facet's {@code
 * dataset} list, or with {@code datasetLineageEnabled=false} into every field.
 */
public class ColumnLineageSettingsTest {
  private static final int COLUMNS = 300;
  private static final OpenLineage OPEN_LINEAGE =
      new OpenLineage(URI.create("https://example/producer"));
  private static final OpenLineageContext CONTEXT =
      io.headwater.spark.TestContexts.withoutSpark(OPEN_LINEAGE);

  /** Names every {@code LocalRelation} {@code mem/source}. */
  private static final class LocalRelationVisitor
      extends QueryPlanVisitor<LocalRelation, OpenLineage.InputDataset> {
    LocalRelationVisitor(OpenLineageContext context) {
      super(context);
    }

    @Override
    protected List<OpenLineage.InputDataset> visit(LocalRelation node) {
      return List.of(context.datasetFactory().input("mem", "source", node.schema(), null));
    }
  }

  private static final OpenLineageEventHandlerFactory LOCAL_RELATIONS =
      new OpenLineageEventHandlerFactory() {
        @Override
        public Collection<PartialFunction<LogicalPlan, List<OpenLineage.InputDataset>>>
            createInputDatasetQueryPlanVisitors(OpenLineageContext context) {
          return List.of(new LocalRelationVisitor(context));
        }
      };

  @SuppressWarnings("unchecked")
  private static LogicalPlan wideWrite() {
    StructType schema = new StructType();
    for (int i = 0; i < COLUMNS; i++) {
      schema = schema.add("c" + i, DataTypes.IntegerType);
    }
    List<Attribute> columns =
        CollectionConverters.asJava((Seq<Attribute>) (Seq<?>) DataTypeUtils.toAttributes(schema));
    LocalRelation source =
        new LocalRelation(
            CollectionConverters.asScala(columns).toSeq(),
            scala.collection.immutable.List$.MODULE$.empty(),
            false,
            scala.Option.empty());
    List<NamedExpression> projection = new ArrayList<>();
    for (Attribute column : columns) {
      projection.add(
          new Alias(
              new UnaryMinus(column),
              column.name() + "_negated",
              org.apache.spark.sql.catalyst.expressions.NamedExpression.newExprId(),
              scala.collection.immutable.List$.MODULE$.empty(),
              scala.Option.empty(),
              scala.collection.immutable.List$.MODULE$.empty()));
    }
    Filter positive =
        new Filter(
            new GreaterThan(columns.get(0), Literal.create(0, DataTypes.IntegerType)), source);
    Project query = new Project(CollectionConverters.asScala(projection).toSeq(), positive);
    return new SaveIntoDataSourceCommand(
        query,
        new JdbcRelationProvider(),
        scala.collection.immutable.Map.from(
            CollectionConverters.asScala(
                java.util.Map.of("url", "jdbc:postgresql://db:5432/shop", "dbtable", "wide"))),
        SaveMode.Append);
  }

  private static ExecutionLineage extract(int schemaSizeLimit, Duration budget) {
    return extract(true, schemaSizeLimit, budget);
  }

  private static ExecutionLineage extract(
      boolean datasetLineageEnabled, int schemaSizeLimit, Duration budget) {
    LineageExtractor extractor =
        new LineageExtractor(
            withConnectors(LOCAL_RELATIONS),
            new ExtensionFailures(),
            new HeadwaterConfig.ColumnLineageSettings(
                datasetLineageEnabled, schemaSizeLimit, budget));
    return extractor.extract(CONTEXT, wideWrite());
  }

  @Test
  public void withinTheLimitsEveryOutputFieldHasItsSource() {
    ExecutionLineage lineage = extract(1000, Duration.ofSeconds(30));

    OpenLineage.OutputDataset output = lineage.outputs().get(0);
    OpenLineage.ColumnLineageDatasetFacet facet = output.getFacets().getColumnLineage();
    assertNotNull(facet);
    assertEquals(COLUMNS, facet.getFields().getAdditionalProperties().size());
    assertEquals(
        List.of("c7:TRANSFORMATION"),
        sources(facet.getFields().getAdditionalProperties().get("c7_negated").getInputFields()));
    assertEquals(List.of("c0:FILTER"), sources(facet.getDataset()));
    assertEquals(List.of(), lineage.columnLineageSkips());
  }

  @Test
  public void withoutDatasetLineageTheFilterColumnGoesIntoEveryField() {
    ExecutionLineage lineage = extract(false, 1000, Duration.ofSeconds(30));

    OpenLineage.ColumnLineageDatasetFacet facet =
        lineage.outputs().get(0).getFacets().getColumnLineage();
    assertNull(facet.getDataset());
    for (int i : new int[] {0, 7, COLUMNS - 1}) {
      List<String> expected =
          i == 0
              ? List.of("c0:TRANSFORMATION", "c0:FILTER")
              : List.of("c" + i + ":TRANSFORMATION", "c0:FILTER");
      assertEquals(
          expected,
          sources(
              facet
                  .getFields()
                  .getAdditionalProperties()
                  .get("c" + i + "_negated")
                  .getInputFields()));
    }
  }

  @Test
  public void withoutDatasetLineageAnInputFieldIsOneEntryWithAllItsTransformations() {
    ExecutionLineage lineage = extract(false, 1000, Duration.ofSeconds(30));

    List<OpenLineage.InputField> inputs =
        lineage
            .outputs()
            .get(0)
            .getFacets()
            .getColumnLineage()
            .getFields()
            .getAdditionalProperties()
            .get("c0_negated")
            .getInputFields();
    assertEquals(1, inputs.size());
    assertEquals(
        List.of("DIRECT/TRANSFORMATION", "INDIRECT/FILTER"),
        inputs.get(0).getTransformations().stream()
            .map(t -> t.getType() + "/" + t.getSubtype())
            .toList());
  }

  @Test
  public void descriptionsAreTheSqlOfWhatTransformedTheField() {
    LineageExtractor extractor =
        new LineageExtractor(
            withConnectors(LOCAL_RELATIONS),
            new ExtensionFailures(),
            new HeadwaterConfig.ColumnLineageSettings(false, 1000, Duration.ofSeconds(30), true),
            text -> text.replace("0", "?"));
    OpenLineage.ColumnLineageDatasetFacet facet =
        extractor.extract(CONTEXT, wideWrite()).outputs().get(0).getFacets().getColumnLineage();

    List<OpenLineage.InputField> inputs =
        facet.getFields().getAdditionalProperties().get("c7_negated").getInputFields();
    assertEquals(
        List.of("(- c7) AS c7_negated", "WHERE (c? > ?)"),
        inputs.stream()
            .flatMap(field -> field.getTransformations().stream())
            .map(OpenLineage.InputFieldTransformations::getDescription)
            .toList());
  }

  @Test
  public void descriptionsAreOffByDefault() {
    OpenLineage.ColumnLineageDatasetFacet facet =
        extract(false, 1000, Duration.ofSeconds(30))
            .outputs()
            .get(0)
            .getFacets()
            .getColumnLineage();

    facet
        .getFields()
        .getAdditionalProperties()
        .get("c7_negated")
        .getInputFields()
        .forEach(field -> field.getTransformations().forEach(t -> assertNull(t.getDescription())));
  }

  /**
   * {@code field:SUBTYPE} of each transformation of each input field, all from {@code mem/source}.
   */
  private static List<String> sources(List<OpenLineage.InputField> fields) {
    List<String> result = new ArrayList<>();
    for (OpenLineage.InputField field : fields) {
      assertEquals(List.of("mem", "source"), List.of(field.getNamespace(), field.getName()));
      field.getTransformations().forEach(t -> result.add(field.getField() + ":" + t.getSubtype()));
    }
    return result;
  }

  @Test
  public void overTheSchemaSizeLimitTheFacetIsSkippedAndReported() {
    ExecutionLineage lineage = extract(COLUMNS - 1, Duration.ofSeconds(30));

    OpenLineage.OutputDataset output = lineage.outputs().get(0);
    assertNull(output.getFacets().getColumnLineage());
    assertEquals(COLUMNS, output.getFacets().getSchema().getFields().size());
    assertEquals(
        List.of(
            new ColumnLineageSkip(
                "postgres://db:5432",
                "shop.public.wide",
                ColumnLineageSkip.Reason.SCHEMA_SIZE_LIMIT,
                COLUMNS,
                COLUMNS - 1)),
        lineage.columnLineageSkips());
  }

  @Test
  public void pastTheTimeBudgetTheFacetIsSkippedAndReported() {
    ExecutionLineage lineage = extract(1000, Duration.ZERO);

    OpenLineage.OutputDataset output = lineage.outputs().get(0);
    assertNull(output.getFacets().getColumnLineage());
    assertEquals(COLUMNS, output.getFacets().getSchema().getFields().size());
    assertEquals(
        List.of("mem", "source"),
        List.of(lineage.inputs().get(0).getNamespace(), lineage.inputs().get(0).getName()));
    assertEquals(
        List.of(
            new ColumnLineageSkip(
                "postgres://db:5432",
                "shop.public.wide",
                ColumnLineageSkip.Reason.TIME_BUDGET,
                COLUMNS,
                0)),
        lineage.columnLineageSkips());
  }

  private static EventHandlerFactories.Found withConnectors(OpenLineageEventHandlerFactory user) {
    List<OpenLineageEventHandlerFactory> factories = new java.util.ArrayList<>(List.of(user));
    factories.addAll(BuiltInConnectors.registry().connectors());
    return new EventHandlerFactories.Found(factories, BuiltInConnectors.registry());
  }
}
