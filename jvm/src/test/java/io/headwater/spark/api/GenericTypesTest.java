package io.headwater.spark.api;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.LocalRelation;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.OneRowRelation;
import org.junit.Test;

/**
 * The one resolver of generic type arguments, and the visitor node types it gives {@link
 * QueryPlanVisitor}.
 */
public class GenericTypesTest {
  interface Pair<L, R> {}

  abstract static class Base<A, B> {}

  /** Binds A, passes B through under another name. */
  abstract static class Middle<X> extends Base<String, X> {}

  static final class Leaf extends Middle<Integer> {}

  @SuppressWarnings("rawtypes")
  static final class RawLeaf extends Middle {}

  abstract static class Swapped<P, Q> implements Pair<Q, P> {}

  static final class SwappedLeaf extends Swapped<Long, List<String>> {}

  /** The shape an extension writes: an intermediate generic visitor, then a concrete one. */
  abstract static class RelationVisitor<T extends LogicalPlan>
      extends QueryPlanVisitor<T, OpenLineage.InputDataset> {
    RelationVisitor(OpenLineageContext context) {
      super(context);
    }

    @Override
    protected List<OpenLineage.InputDataset> visit(T node) {
      return List.of();
    }
  }

  static final class LocalRelationVisitor extends RelationVisitor<LocalRelation> {
    LocalRelationVisitor(OpenLineageContext context) {
      super(context);
    }
  }

  @SuppressWarnings("rawtypes")
  static final class RawVisitor extends RelationVisitor {
    RawVisitor(OpenLineageContext context) {
      super(context);
    }
  }

  private static OpenLineageContext context() {
    OpenLineage openLineage = new OpenLineage(URI.create("https://example/producer"));
    return io.headwater.spark.TestContexts.withoutSpark(openLineage);
  }

  @Test
  public void resolvesArgumentsThroughAnIntermediateGenericClass() {
    assertEquals(String.class, GenericTypes.typeArgument(Leaf.class, Base.class, 0));
    assertEquals(Integer.class, GenericTypes.typeArgument(Leaf.class, Base.class, 1));
    assertEquals(Integer.class, GenericTypes.typeArgument(Leaf.class, Middle.class, 0));
  }

  @Test
  public void resolvesArgumentsOfAnInterfaceWithReorderedParameters() {
    assertEquals(List.class, GenericTypes.typeArgument(SwappedLeaf.class, Pair.class, 0));
    assertEquals(Long.class, GenericTypes.typeArgument(SwappedLeaf.class, Pair.class, 1));
  }

  @Test
  public void resolvesTheNodeTypeOfAVisitorBehindAGenericSkeleton() {
    assertEquals(
        LocalRelation.class,
        GenericTypes.typeArgument(LocalRelationVisitor.class, QueryPlanVisitor.class, 0));
    assertEquals(
        OpenLineage.InputDataset.class,
        GenericTypes.typeArgument(LocalRelationVisitor.class, QueryPlanVisitor.class, 1));
  }

  @Test
  public void aRawSubclassIsRejectedByName() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GenericTypes.typeArgument(RawLeaf.class, Base.class, 1));

    assertTrue(e.getMessage(), e.getMessage().contains(RawLeaf.class.getName()));
  }

  @Test
  public void aStillGenericClassIsRejectedByName() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GenericTypes.typeArgument(Middle.class, Base.class, 1));

    assertTrue(e.getMessage(), e.getMessage().contains(Middle.class.getName()));
  }

  @Test
  public void aVisitorMatchesOnlyItsResolvedNodeType() {
    LocalRelationVisitor visitor = new LocalRelationVisitor(context());

    LocalRelation empty =
        new LocalRelation(
            scala.collection.immutable.List$.MODULE$.empty(),
            scala.collection.immutable.List$.MODULE$.empty(),
            false,
            scala.Option.empty());

    assertTrue(visitor.isDefinedAt(empty));
    assertFalse(visitor.isDefinedAt(new OneRowRelation()));
  }

  /** Declared directly with a concrete node type, overriding nothing but {@code visit}. */
  static final class OneRowRelationVisitor
      extends QueryPlanVisitor<OneRowRelation, OpenLineage.InputDataset> {
    OneRowRelationVisitor(OpenLineageContext context) {
      super(context);
    }

    @Override
    protected List<OpenLineage.InputDataset> visit(OneRowRelation node) {
      return List.of(context.datasetFactory().input("mem", "one-row", node.schema()));
    }
  }

  @Test
  public void aVisitorDeclaredWithAConcreteNodeTypeIsDefinedAtThatTypeOnly() {
    OneRowRelationVisitor visitor = new OneRowRelationVisitor(context());
    LocalRelation empty =
        new LocalRelation(
            scala.collection.immutable.List$.MODULE$.empty(),
            scala.collection.immutable.List$.MODULE$.empty(),
            false,
            scala.Option.empty());

    assertTrue(visitor.isDefinedAt(new OneRowRelation()));
    assertFalse(visitor.isDefinedAt(empty));
    assertEquals("one-row", visitor.apply(new OneRowRelation()).get(0).getName());
  }

  @Test
  public void aRawVisitorFailsWhenConstructed() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new RawVisitor(context()));

    assertTrue(e.getMessage(), e.getMessage().contains(RawVisitor.class.getName()));
  }
}
