package io.headwater.spark.api;

import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.runtime.AbstractPartialFunction;

/**
 * Turns one family of logical-plan nodes into datasets: a Scala {@code PartialFunction<LogicalPlan,
 * List<D>>}, defined for nodes of type {@code T}. Input visitors are applied to every node of an
 * execution's optimized plan; output visitors to its root only.
 *
 * <p>By default {@link #isDefinedAt} checks that the node is an instance of the concrete type bound
 * to {@code T} by the subclass ({@code extends QueryPlanVisitor<LogicalRelation, InputDataset>}); a
 * subclass whose type argument cannot be resolved fails when it is constructed, with a message
 * naming it. Override {@link #nodeType()} to declare the type explicitly, and {@link #isDefinedAt}
 * to narrow the match further.
 *
 * <p>The agent offers a visitor only the nodes that are instances of its {@link #handledNodeType()
 * node type} (it looks visitors up by node class), so an {@link #isDefinedAt} override can only
 * narrow the match, never widen it. A plain {@code PartialFunction} that is not a {@code
 * QueryPlanVisitor} declares no type and is asked at every node.
 *
 * @param <T> the plan node type this visitor handles
 * @param <D> {@link OpenLineage.InputDataset} or {@link OpenLineage.OutputDataset}
 */
public abstract class QueryPlanVisitor<T extends LogicalPlan, D extends OpenLineage.Dataset>
    extends AbstractPartialFunction<LogicalPlan, List<D>> implements JobNameSuffixProvider<T> {

  protected final OpenLineageContext context;
  private final Class<? extends LogicalPlan> nodeType;

  protected QueryPlanVisitor(OpenLineageContext context) {
    this.context = Objects.requireNonNull(context, "context");
    this.nodeType = nodeType();
  }

  /**
   * A visitor of the nodes of class {@code nodeType}, given rather than taken from {@code T} or
   * {@link #nodeType()}: for a node class known only at run time, e.g. an optional connector's
   * command looked up by name, when one visitor class serves several such commands.
   *
   * @param nodeType the plan-node class this visitor handles (instances of {@code T})
   */
  protected QueryPlanVisitor(OpenLineageContext context, Class<? extends LogicalPlan> nodeType) {
    this.context = Objects.requireNonNull(context, "context");
    this.nodeType = Objects.requireNonNull(nodeType, "nodeType");
  }

  /** The node class this visitor handles; by default the class bound to {@code T}. */
  @SuppressWarnings("unchecked")
  protected Class<? extends LogicalPlan> nodeType() {
    return (Class<? extends LogicalPlan>)
        GenericTypes.typeArgument(getClass(), QueryPlanVisitor.class, 0);
  }

  /**
   * The plan-node class this visitor handles, fixed when it is constructed ({@link #nodeType()} or
   * the class given to the constructor): the agent asks {@link #isDefinedAt} only at nodes that are
   * instances of it (of that class, a subclass, or an implementation of that interface).
   */
  public final Class<? extends LogicalPlan> handledNodeType() {
    return nodeType;
  }

  /** The datasets {@code node} reads or writes; called only when {@link #isDefinedAt} is true. */
  protected abstract List<D> visit(T node);

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return nodeType.isInstance(node);
  }

  @Override
  @SuppressWarnings("unchecked")
  public List<D> apply(LogicalPlan node) {
    return visit((T) nodeType.cast(node));
  }

  /**
   * The suffix for a plan root of any type: {@link #jobNameSuffix(Object)} when this visitor
   * handles it.
   */
  @SuppressWarnings("unchecked")
  public java.util.Optional<String> jobNameSuffixOf(LogicalPlan root) {
    return isDefinedAt(root) ? jobNameSuffix((T) root) : java.util.Optional.empty();
  }
}
