package io.headwater.spark.api;

import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * Builds custom facets from the objects of a run's listener events: a partial function over {@code
 * Object} whose {@link #isDefinedAt} by default checks that the object is an instance of the
 * concrete class bound to {@code T} ({@code extends CustomFacetBuilder<StageInfo,
 * OpenLineage.InputDatasetFacet>}), and whose {@link #build} reports {@code (facetName, facet)}
 * pairs to a consumer. The objects a builder may see are listed on {@link
 * OpenLineageEventHandlerFactory}: {@code SparkListenerSQLExecutionStart/End}, {@code
 * SparkListenerJobStart/End}, {@code ActiveJob}, {@code StageInfo}, {@code Stage} and {@code RDD};
 * run and job facet builders also see {@code SparkListenerApplicationStart/End} (the application
 * run).
 *
 * <p>Facets accumulate over a run: an event carries every facet reported so far, and a name
 * reported again (by the same builder on a later object, or by a builder that runs later) replaces
 * the earlier facet. A facet name should follow the {@code {prefix}_{name}} convention of custom
 * facets, and the facet should carry a {@code _schemaURL} naming its JSON schema; {@code
 * OpenLineage.DefaultRunFacet} and its siblings are convenient bases.
 *
 * @param <T> the event or scheduler object the builder reads
 * @param <F> the facet type: {@code OpenLineage.RunFacet}, {@code JobFacet}, {@code DatasetFacet},
 *     {@code InputDatasetFacet} or {@code OutputDatasetFacet}
 */
public abstract class CustomFacetBuilder<T, F>
    implements BiConsumer<Object, BiConsumer<String, ? super F>> {
  private Class<?> eventType;

  /**
   * The object class this builder reads; by default the class bound to {@code T}. A subclass whose
   * {@code T} is not bound to a concrete class fails on its first use with a message naming it,
   * unless it overrides this method.
   */
  protected Class<?> eventType() {
    return GenericTypes.typeArgument(getClass(), CustomFacetBuilder.class, 0, "eventType()");
  }

  /**
   * True when {@link #build} applies to {@code event}: by default, when it is an instance of {@link
   * #eventType()}.
   */
  public boolean isDefinedAt(Object event) {
    if (eventType == null) {
      eventType = eventType();
    }
    return eventType.isInstance(event);
  }

  /**
   * Calls {@link #build} when {@link #isDefinedAt} holds for {@code event}; does nothing otherwise.
   */
  @Override
  @SuppressWarnings("unchecked")
  public final void accept(Object event, BiConsumer<String, ? super F> consumer) {
    Objects.requireNonNull(consumer, "consumer");
    if (isDefinedAt(event)) {
      build((T) event, consumer);
    }
  }

  /**
   * Reports the facets {@code event} gives, as {@code consumer.accept(facetName, facet)}, any
   * number of times.
   *
   * @param event an object for which {@link #isDefinedAt} is true
   */
  protected abstract void build(T event, BiConsumer<String, ? super F> consumer);
}
