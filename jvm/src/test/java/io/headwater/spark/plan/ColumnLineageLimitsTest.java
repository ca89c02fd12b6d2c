package io.headwater.spark.plan;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.OpenLineageEventHandlerFactory;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.facets.StandardDatasetFactory;
import io.headwater.spark.plan.columns.ColumnLineageSkip;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.catalyst.expressions.Alias;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.UnaryMinus;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
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
 * The column-lineage limits on a real write plan (a JDBC save of a 300-column projection, each column negated): over the schema size
 * limit or past the time budget, the output keeps its other facets, has no {@code columnLineage}, and the lineage
 * reports the skip; within both, the facet is there.
 */
public class ColumnLineageLimitsTest {
  private static final int COLUMNS = 300;
  private static final OpenLineage OPEN_LINEAGE = new OpenLineage(URI.create("https://example/producer"));
  private static final OpenLineageContext CONTEXT =
      io.headwater.spark.TestContexts.withoutSpark(OPEN_LINEAGE);

  /** Names every {@code LocalRelation} {@code mem/source}. */
  private static final class LocalRelationVisitor extends QueryPlanVisitor<LocalRelation, OpenLineage.InputDataset> {
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
    List<Attribute> columns = CollectionConverters.asJava((Seq<Attribute>) (Seq<?>) DataTypeUtils.toAttributes(schema));
    LocalRelation source =
        new LocalRelation(
            CollectionConverters.asScala(columns).toSeq(), scala.collection.immutable.List$.MODULE$.empty(), false,
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
    Project query = new Project(CollectionConverters.asScala(projection).toSeq(), source);
    return new SaveIntoDataSourceCommand(
        query,
        new JdbcRelationProvider(),
        scala.collection.immutable.Map.from(
            CollectionConverters.asScala(java.util.Map.of("url", "jdbc:postgresql://db:5432/shop", "dbtable", "wide")))
        ,
        SaveMode.Append);
  }

  private static ExecutionLineage extract(int schemaSizeLimit, Duration budget) {
    LineageExtractor extractor =
        new LineageExtractor(
            List.of(LOCAL_RELATIONS, new BuiltInEventHandlerFactory()),
            new ExtensionFailures(),
            new HeadwaterConfig.ColumnLineageSettings(true, schemaSizeLimit, budget));
    return extractor.extract(CONTEXT, wideWrite());
  }

  @Test
  public void withinTheLimitsEveryOutputFieldHasItsSource() {
    ExecutionLineage lineage = extract(1000, Duration.ofSeconds(30));

    OpenLineage.OutputDataset output = lineage.outputs().get(0);
    OpenLineage.ColumnLineageDatasetFacet facet = output.getFacets().getColumnLineage();
    assertNotNull(facet);
    assertEquals(COLUMNS, facet.getFields().getAdditionalProperties().size());
    OpenLineage.InputField source = facet.getFields().getAdditionalProperties().get("c7_negated").getInputFields().get(0);
    assertEquals(List.of("mem", "source", "c7"), List.of(source.getNamespace(), source.getName(), source.getField()));
    assertEquals(List.of(), lineage.columnLineageSkips());
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
                "postgres://db:5432", "shop.public.wide", ColumnLineageSkip.Reason.SCHEMA_SIZE_LIMIT, COLUMNS, COLUMNS - 1)),
        lineage.columnLineageSkips());
  }

  @Test
  public void pastTheTimeBudgetTheFacetIsSkippedAndReported() {
    ExecutionLineage lineage = extract(1000, Duration.ZERO);

    OpenLineage.OutputDataset output = lineage.outputs().get(0);
    assertNull(output.getFacets().getColumnLineage());
    assertEquals(COLUMNS, output.getFacets().getSchema().getFields().size());
    assertEquals(List.of("mem", "source"), List.of(lineage.inputs().get(0).getNamespace(), lineage.inputs().get(0).getName()));
    assertEquals(
        List.of(new ColumnLineageSkip("postgres://db:5432", "shop.public.wide", ColumnLineageSkip.Reason.TIME_BUDGET, COLUMNS, 0)),
        lineage.columnLineageSkips());
  }
}
