package io.headwater.spark.facets;

import io.headwater.spark.annotation.Internal;
import io.openlineage.client.OpenLineageClientUtils;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Named facets merged into one of the OpenLineage model's facet containers ({@code DatasetFacets},
 * {@code InputDatasetInputFacets}, {@code OutputDatasetOutputFacets}, {@code RunFacets}, {@code
 * JobFacets}) on the model, without the Jackson round trip of {@code
 * OpenLineageClientUtils.mergeFacets} (which serialises the container to a map and deserialises the
 * merged map: most of the agent's CPU per SQL execution once). The result serialises to the same
 * JSON object as {@code mergeFacets}' (a name in {@code facets} replaces the container's facet of
 * that name); custom facets keep the container's order, new names after them, where the round trip
 * reverses them.
 *
 * <p>A container's typed facets (those with their own field, such as {@code schema}) are found once
 * per container class from its builder: each public one-argument builder method returning the
 * builder, other than {@code put}, names a typed facet whose getter is {@code get<Name>}. When a
 * facet in {@code facets} is not of its slot's class (a typed name with another class, or a value
 * that is not the container's facet type), the merge falls back to {@code mergeFacets}, which
 * converts it.
 */
@Internal
public final class FacetMerge {
  private static final Map<Class<?>, Shape> SHAPES = new ConcurrentHashMap<>();

  private FacetMerge() {}

  /**
   * {@code container} (null for none) with {@code facets} merged in by name.
   *
   * @param facets facet name to facet object; an empty map returns {@code container} itself
   * @param type the container's class
   * @param builder a new, empty builder of {@code type} (the model's {@code new...Builder})
   * @return a new container, or {@code container} when {@code facets} is empty
   */
  public static <C> C merge(
      Map<String, ?> facets, C container, Class<C> type, Supplier<?> builder) {
    if (facets.isEmpty()) {
      return container;
    }
    Shape shape = SHAPES.computeIfAbsent(type, t -> Shape.of(t, builder.get().getClass()));
    C merged = shape == null ? null : shape.merge(facets, container, type, builder.get());
    return merged != null
        ? merged
        : OpenLineageClientUtils.mergeFacets(
            facets, container == null ? type.cast(buildEmpty(builder)) : container, type);
  }

  private static Object buildEmpty(Supplier<?> builder) {
    try {
      Object b = builder.get();
      return b.getClass().getMethod("build").invoke(b);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot build an empty facet container", e);
    }
  }

  /** One typed facet slot: its name, getter on the container and setter on the builder. */
  private record Slot(String name, Class<?> type, Method getter, Method setter) {}

  /** How a container class is read and built; null from {@link #of} when it has no such shape. */
  private record Shape(
      List<Slot> slots, Class<?> facetType, Method additional, Method put, Method build) {

    static Shape of(Class<?> container, Class<?> builder) {
      try {
        Method put = null;
        for (Method m : builder.getMethods()) {
          if (m.getName().equals("put") && m.getParameterCount() == 2) {
            put = m;
          }
        }
        if (put == null) {
          return null;
        }
        Class<?> facetType = put.getParameterTypes()[1];
        List<Slot> slots = new ArrayList<>();
        for (Method m : builder.getMethods()) {
          if (m.getParameterCount() == 1
              && m.getReturnType() == builder
              && !Modifier.isStatic(m.getModifiers())
              && facetType.isAssignableFrom(m.getParameterTypes()[0])) {
            String name = m.getName();
            Method getter =
                container.getMethod(
                    "get" + Character.toUpperCase(name.charAt(0)) + name.substring(1));
            slots.add(new Slot(name, m.getParameterTypes()[0], getter, m));
          }
        }
        return new Shape(
            List.copyOf(slots),
            facetType,
            container.getMethod("getAdditionalProperties"),
            put,
            builder.getMethod("build"));
      } catch (NoSuchMethodException e) {
        return null;
      }
    }

    /** The merged container, or null when a facet needs {@code mergeFacets}' conversion. */
    <C> C merge(Map<String, ?> facets, C container, Class<C> type, Object builder) {
      for (Map.Entry<String, ?> e : facets.entrySet()) {
        if (!facetType.isInstance(e.getValue())) {
          return null;
        }
      }
      try {
        Map<String, Object> untyped = new LinkedHashMap<>();
        if (container != null) {
          ((Map<?, ?>) additional.invoke(container)).forEach((k, v) -> untyped.put((String) k, v));
        }
        for (Slot slot : slots) {
          Object value = container == null ? null : slot.getter().invoke(container);
          if (facets.containsKey(slot.name())) {
            value = facets.get(slot.name());
            if (!slot.type().isInstance(value)) {
              return null;
            }
          }
          if (value != null) {
            slot.setter().invoke(builder, value);
          }
        }
        for (Map.Entry<String, ?> e : facets.entrySet()) {
          if (slots.stream().noneMatch(s -> s.name().equals(e.getKey()))) {
            untyped.put(e.getKey(), e.getValue());
          }
        }
        for (Map.Entry<String, Object> e : untyped.entrySet()) {
          if (e.getValue() != null) {
            put.invoke(builder, e.getKey(), e.getValue());
          }
        }
        return type.cast(build.invoke(builder));
      } catch (IllegalAccessException | InvocationTargetException e) {
        return null;
      }
    }
  }
}
