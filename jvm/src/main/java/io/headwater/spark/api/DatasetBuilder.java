package io.headwater.spark.api;

import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Objects;
import scala.runtime.AbstractPartialFunction;

/**
 * The common base of {@link AbstractInputDatasetBuilder} and {@link AbstractOutputDatasetBuilder}:
 * a Scala {@code PartialFunction<Object, List<D>>} over the objects of a run's listener events,
 * defined by default for instances of the concrete class bound to {@code T}.
 *
 * @param <T> the event or scheduler object the builder reads, e.g. {@code StageInfo} or a custom
 *     {@code RDD} class
 * @param <D> {@link OpenLineage.InputDataset} or {@link OpenLineage.OutputDataset}
 */
public abstract class DatasetBuilder<T, D extends OpenLineage.Dataset>
    extends AbstractPartialFunction<Object, List<D>> {
  protected final OpenLineageContext context;
  private final Class<?> eventType;

  /**
   * @throws IllegalArgumentException when {@code T} is not bound to a concrete class and {@link
   *     #eventType()} is not overridden; the message names the class
   */
  protected DatasetBuilder(OpenLineageContext context) {
    this.context = Objects.requireNonNull(context, "context");
    this.eventType = eventType();
  }

  /** The object class this builder reads; by default the class bound to {@code T}. */
  protected Class<?> eventType() {
    return GenericTypes.typeArgument(getClass(), DatasetBuilder.class, 0, "eventType()");
  }

  /**
   * The datasets {@code event} gives; called only when {@link #isDefinedAt} is true. May be empty,
   * never null.
   */
  protected abstract List<D> build(T event);

  /** True when {@code event} is an instance of {@link #eventType()}; override to narrow further. */
  @Override
  public boolean isDefinedAt(Object event) {
    return eventType.isInstance(event);
  }

  @Override
  @SuppressWarnings("unchecked")
  public List<D> apply(Object event) {
    return build((T) eventType.cast(event));
  }
}
