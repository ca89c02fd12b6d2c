package io.headwater.spark.reading.columns;

import io.headwater.spark.annotation.Internal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The input fields a value depends on, each with the transformations on the way. Mutable while a
 * plan is analysed (or, in {@code agent.application}, while an application's lineage is composed);
 * insertion ordered so that the facet lists inputs in plan order.
 */
@Internal
public final class FieldSources {
  static final FieldSources NONE = new FieldSources();

  private final Map<SourceField, Set<Transformation>> sources = new LinkedHashMap<>();

  /** The one source {@code field}, by {@code transformation}. */
  public static FieldSources of(SourceField field, Transformation transformation) {
    FieldSources result = new FieldSources();
    result.add(field, transformation);
    return result;
  }

  /** Adds {@code field} with {@code transformation} (kept once). */
  public void add(SourceField field, Transformation transformation) {
    sources.computeIfAbsent(field, f -> new LinkedHashSet<>()).add(transformation);
  }

  /** Adds every source of {@code other}, each of its transformations seen through {@code later}. */
  public void addThrough(FieldSources other, Transformation later) {
    other.sources.forEach(
        (field, transformations) -> transformations.forEach(t -> add(field, t.then(later))));
  }

  /** Adds every source of {@code other} with its transformations. */
  public void addAll(FieldSources other) {
    other.sources.forEach((field, transformations) -> transformations.forEach(t -> add(field, t)));
  }

  /**
   * These sources with every direct transformation described by {@code text} (the expression that
   * computes the value); indirect ones keep their own description.
   */
  FieldSources directDescribed(String text) {
    FieldSources result = new FieldSources();
    sources.forEach(
        (field, transformations) ->
            transformations.forEach(t -> result.add(field, t.isDirect() ? t.described(text) : t)));
    return result;
  }

  /** The sources, in the order they were added, with their transformations (read-only). */
  public Map<SourceField, Set<Transformation>> asMap() {
    return Collections.unmodifiableMap(sources);
  }

  /** Whether there is no source. */
  public boolean isEmpty() {
    return sources.isEmpty();
  }

  /** How many sources. */
  public int size() {
    return sources.size();
  }
}
