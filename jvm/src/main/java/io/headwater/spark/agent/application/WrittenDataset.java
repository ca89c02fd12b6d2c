package io.headwater.spark.agent.application;

import io.headwater.spark.reading.columns.FieldSources;
import io.headwater.spark.reading.columns.SourceField;
import io.headwater.spark.reading.columns.Transformation;
import io.openlineage.client.OpenLineage;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The column lineage of one dataset as the application's completed child runs wrote it: the union
 * of their {@code columnLineage} facets for it (a dataset written twice depends on what either
 * write read). {@link #traced} is false once a write of it had no {@code columnLineage} facet: then
 * what it holds is not known, and composition stops at it.
 */
final class WrittenDataset {
  private final Map<String, FieldSources> fields = new LinkedHashMap<>();
  private final FieldSources rowLevel = new FieldSources();
  private boolean traced = true;

  /** The references {@link #add} would keep for {@code facet} (null: none). */
  static int size(OpenLineage.ColumnLineageDatasetFacet facet) {
    if (facet == null) {
      return 0;
    }
    int size = facet.getDataset() == null ? 0 : facet.getDataset().size();
    if (facet.getFields() != null) {
      for (OpenLineage.ColumnLineageDatasetFacetFieldsAdditional field :
          facet.getFields().getAdditionalProperties().values()) {
        size += field.getInputFields() == null ? 1 : 1 + field.getInputFields().size();
      }
    }
    return size;
  }

  /** Adds what one write's facet says; null: the write had no {@code columnLineage} facet. */
  void add(OpenLineage.ColumnLineageDatasetFacet facet) {
    if (facet == null) {
      traced = false;
      return;
    }
    if (facet.getFields() != null) {
      facet
          .getFields()
          .getAdditionalProperties()
          .forEach(
              (name, field) ->
                  addAll(
                      fields.computeIfAbsent(name, n -> new FieldSources()),
                      field.getInputFields()));
    }
    addAll(rowLevel, facet.getDataset());
  }

  /** Output field name to its sources, in the order first written. */
  Map<String, FieldSources> fields() {
    return Collections.unmodifiableMap(fields);
  }

  /** The sources affecting every row (the facet's {@code dataset} list). */
  FieldSources rowLevel() {
    return rowLevel;
  }

  /** Whether every write of the dataset carried a {@code columnLineage} facet. */
  boolean traced() {
    return traced;
  }

  private static void addAll(FieldSources into, List<OpenLineage.InputField> inputs) {
    if (inputs == null) {
      return;
    }
    for (OpenLineage.InputField input : inputs) {
      SourceField field = new SourceField(input.getNamespace(), input.getName(), input.getField());
      List<OpenLineage.InputFieldTransformations> transformations = input.getTransformations();
      if (transformations == null || transformations.isEmpty()) {
        into.add(field, Transformation.IDENTITY);
        continue;
      }
      for (OpenLineage.InputFieldTransformations t : transformations) {
        into.add(
            field,
            new Transformation(
                t.getType(),
                t.getSubtype(),
                Boolean.TRUE.equals(t.getMasking()),
                t.getDescription()));
      }
    }
  }
}
