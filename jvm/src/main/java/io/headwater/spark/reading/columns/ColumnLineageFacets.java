package io.headwater.spark.reading.columns;

import io.headwater.spark.annotation.Internal;
import io.openlineage.client.OpenLineage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The spec's {@code columnLineage} dataset facet (ColumnLineageDatasetFacet 1-2-0) of an analysis
 * result. With {@code datasetLineageEnabled} the row-level (INDIRECT) sources go to the facet's
 * {@code dataset} list (omitted when empty); without it they join the {@code inputFields} of every
 * output field that has sources, as in the OpenLineage Spark integration. Each input field appears
 * once per output field, with all its transformations in one {@code transformations} list (value
 * transformations first, then the row-level ones), never as two entries.
 */
@Internal
public final class ColumnLineageFacets {
  private ColumnLineageFacets() {}

  public static OpenLineage.ColumnLineageDatasetFacet of(
      OpenLineage openLineage, ColumnLineageAnalyzer.Result result, boolean datasetLineageEnabled) {
    Map<String, FieldSources> fields = new LinkedHashMap<>();
    result
        .fields()
        .forEach(
            (name, sources) -> {
              if (sources.isEmpty()) {
                return;
              }
              FieldSources all = sources;
              if (!datasetLineageEnabled) {
                all = new FieldSources();
                all.addAll(sources);
                all.addAll(result.rowLevel());
              }
              fields.put(name, all);
            });
    return of(openLineage, fields, datasetLineageEnabled ? result.rowLevel() : FieldSources.NONE);
  }

  /**
   * The facet of {@code fields} (output field name to its sources; a field without sources is left
   * out) and {@code rowLevel}, the sources affecting every row (the {@code dataset} list, omitted
   * when empty).
   */
  public static OpenLineage.ColumnLineageDatasetFacet of(
      OpenLineage openLineage, Map<String, FieldSources> fields, FieldSources rowLevel) {
    OpenLineage.ColumnLineageDatasetFacetFieldsBuilder built =
        openLineage.newColumnLineageDatasetFacetFieldsBuilder();
    fields.forEach(
        (name, sources) -> {
          if (!sources.isEmpty()) {
            built.put(
                name,
                openLineage
                    .newColumnLineageDatasetFacetFieldsAdditionalBuilder()
                    .inputFields(inputFields(openLineage, sources))
                    .build());
          }
        });
    OpenLineage.ColumnLineageDatasetFacetBuilder facet =
        openLineage.newColumnLineageDatasetFacetBuilder().fields(built.build());
    if (!rowLevel.isEmpty()) {
      facet.dataset(inputFields(openLineage, rowLevel));
    }
    return facet.build();
  }

  private static List<OpenLineage.InputField> inputFields(
      OpenLineage openLineage, FieldSources sources) {
    List<OpenLineage.InputField> inputs = new ArrayList<>(sources.size());
    for (Map.Entry<SourceField, Set<Transformation>> entry : sources.asMap().entrySet()) {
      List<OpenLineage.InputFieldTransformations> transformations = new ArrayList<>();
      for (Transformation t : entry.getValue()) {
        transformations.add(
            openLineage
                .newInputFieldTransformationsBuilder()
                .type(t.type())
                .subtype(t.subtype())
                .masking(t.masking())
                .description(t.description())
                .build());
      }
      SourceField field = entry.getKey();
      inputs.add(
          openLineage
              .newInputFieldBuilder()
              .namespace(field.namespace())
              .name(field.name())
              .field(field.field())
              .transformations(transformations)
              .build());
    }
    return inputs;
  }
}
