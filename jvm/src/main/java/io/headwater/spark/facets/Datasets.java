package io.headwater.spark.facets;

import io.headwater.spark.annotation.Internal;
import io.openlineage.client.OpenLineage;
import java.util.Map;

/**
 * A dataset with more facets: the one way the agent adds facets to an input or output it already
 * has (column lineage, statistics, table versions, extensions' facets). The model's datasets are
 * immutable, so each call builds a copy with the same namespace and name whose facets are the
 * dataset's own with {@code facets} merged in by name (a name in {@code facets} replaces the
 * dataset's facet of that name). Empty maps return the dataset itself.
 */
@Internal
public final class Datasets {
  private Datasets() {}

  /**
   * {@code input} with {@code facets} merged into its dataset facets and {@code inputFacets} into
   * its input facets.
   */
  public static OpenLineage.InputDataset withFacets(
      OpenLineage openLineage,
      OpenLineage.InputDataset input,
      Map<String, ?> facets,
      Map<String, ?> inputFacets) {
    if (facets.isEmpty() && inputFacets.isEmpty()) {
      return input;
    }
    return openLineage
        .newInputDatasetBuilder()
        .namespace(input.getNamespace())
        .name(input.getName())
        .facets(
            FacetMerge.merge(
                facets,
                input.getFacets(),
                OpenLineage.DatasetFacets.class,
                openLineage::newDatasetFacetsBuilder))
        .inputFacets(
            FacetMerge.merge(
                inputFacets,
                input.getInputFacets(),
                OpenLineage.InputDatasetInputFacets.class,
                openLineage::newInputDatasetInputFacetsBuilder))
        .build();
  }

  /**
   * {@code output} with {@code facets} merged into its dataset facets and {@code outputFacets} into
   * its output facets.
   */
  public static OpenLineage.OutputDataset withFacets(
      OpenLineage openLineage,
      OpenLineage.OutputDataset output,
      Map<String, ?> facets,
      Map<String, ?> outputFacets) {
    if (facets.isEmpty() && outputFacets.isEmpty()) {
      return output;
    }
    return openLineage
        .newOutputDatasetBuilder()
        .namespace(output.getNamespace())
        .name(output.getName())
        .facets(
            FacetMerge.merge(
                facets,
                output.getFacets(),
                OpenLineage.DatasetFacets.class,
                openLineage::newDatasetFacetsBuilder))
        .outputFacets(
            FacetMerge.merge(
                outputFacets,
                output.getOutputFacets(),
                OpenLineage.OutputDatasetOutputFacets.class,
                openLineage::newOutputDatasetOutputFacetsBuilder))
        .build();
  }

  /**
   * {@code input} with its {@code facets} and {@code inputFacets} objects present: an empty object
   * ({@code {}}) where it has none, as the OpenLineage Spark integration writes them (consumers
   * written against it dereference both). The dataset itself when both are there.
   */
  public static OpenLineage.InputDataset withFacetObjects(
      OpenLineage openLineage, OpenLineage.InputDataset input) {
    if (input.getFacets() != null && input.getInputFacets() != null) {
      return input;
    }
    return openLineage
        .newInputDatasetBuilder()
        .namespace(input.getNamespace())
        .name(input.getName())
        .facets(
            input.getFacets() == null
                ? openLineage.newDatasetFacetsBuilder().build()
                : input.getFacets())
        .inputFacets(
            input.getInputFacets() == null
                ? openLineage.newInputDatasetInputFacetsBuilder().build()
                : input.getInputFacets())
        .build();
  }

  /**
   * {@code output} with its {@code facets} and {@code outputFacets} objects present, as {@link
   * #withFacetObjects(OpenLineage, OpenLineage.InputDataset)} does for an input.
   */
  public static OpenLineage.OutputDataset withFacetObjects(
      OpenLineage openLineage, OpenLineage.OutputDataset output) {
    if (output.getFacets() != null && output.getOutputFacets() != null) {
      return output;
    }
    return openLineage
        .newOutputDatasetBuilder()
        .namespace(output.getNamespace())
        .name(output.getName())
        .facets(
            output.getFacets() == null
                ? openLineage.newDatasetFacetsBuilder().build()
                : output.getFacets())
        .outputFacets(
            output.getOutputFacets() == null
                ? openLineage.newOutputDatasetOutputFacetsBuilder().build()
                : output.getOutputFacets())
        .build();
  }

  /** {@code output} with one more dataset facet, {@code name}. */
  public static OpenLineage.OutputDataset withFacet(
      OpenLineage openLineage, OpenLineage.OutputDataset output, String name, Object facet) {
    return withFacets(openLineage, output, Map.of(name, facet), Map.of());
  }
}
