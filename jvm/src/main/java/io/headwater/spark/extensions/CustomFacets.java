package io.headwater.spark.extensions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headwater.spark.facets.Datasets;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The facets extensions' {@link io.headwater.spark.api.CustomFacetBuilder}s reported for a run, by
 * name, and how they are put on its events:
 *
 * <ul>
 *   <li>run and job facets are added to the event's, but never replace a facet Headwater sets
 *       itself ({@code parent}, {@code processing_engine}, {@code jobType}, {@code sql}, ...);
 *   <li>dataset facets go on every input and output and replace a facet of the same name;
 *       input-dataset and output-dataset facets go on every input's {@code inputFacets} / output's
 *       {@code outputFacets} likewise.
 * </ul>
 */
public record CustomFacets(
    Map<String, OpenLineage.RunFacet> run,
    Map<String, OpenLineage.JobFacet> job,
    Map<String, OpenLineage.DatasetFacet> dataset,
    Map<String, OpenLineage.InputDatasetFacet> input,
    Map<String, OpenLineage.OutputDatasetFacet> output) {
  private static final ObjectMapper MAPPER = OpenLineageClientUtils.newObjectMapper();

  /** No facets. */
  public static final CustomFacets EMPTY =
      new CustomFacets(Map.of(), Map.of(), Map.of(), Map.of(), Map.of());

  public CustomFacets {
    run = Map.copyOf(run);
    job = Map.copyOf(job);
    dataset = Map.copyOf(dataset);
    input = Map.copyOf(input);
    output = Map.copyOf(output);
  }

  /** These facets with {@code later}'s added; a name in both takes {@code later}'s facet. */
  public CustomFacets merge(CustomFacets later) {
    return new CustomFacets(
        union(run, later.run),
        union(job, later.job),
        union(dataset, later.dataset),
        union(input, later.input),
        union(output, later.output));
  }

  public boolean isEmpty() {
    return run.isEmpty()
        && job.isEmpty()
        && dataset.isEmpty()
        && input.isEmpty()
        && output.isEmpty();
  }

  /** {@code facets} with the run facets whose names it does not have yet. */
  public OpenLineage.RunFacets addTo(OpenLineage.RunFacets facets) {
    return run.isEmpty()
        ? facets
        : OpenLineageClientUtils.mergeFacets(
            missingFrom(facets, run), facets, OpenLineage.RunFacets.class);
  }

  /** {@code job} with the job facets whose names it does not have yet. */
  public OpenLineage.Job addTo(OpenLineage openLineage, OpenLineage.Job job) {
    if (this.job.isEmpty()) {
      return job;
    }
    OpenLineage.JobFacets facets =
        OpenLineageClientUtils.mergeFacets(
            missingFrom(job.getFacets(), this.job), job.getFacets(), OpenLineage.JobFacets.class);
    return openLineage
        .newJobBuilder()
        .namespace(job.getNamespace())
        .name(job.getName())
        .facets(facets)
        .build();
  }

  /** Every input with the dataset and input-dataset facets (replacing same-named ones). */
  public List<OpenLineage.InputDataset> addToInputs(
      OpenLineage openLineage, List<OpenLineage.InputDataset> inputs) {
    return inputs.stream().map(in -> Datasets.withFacets(openLineage, in, dataset, input)).toList();
  }

  /** Every output with the dataset and output-dataset facets (replacing same-named ones). */
  public List<OpenLineage.OutputDataset> addToOutputs(
      OpenLineage openLineage, List<OpenLineage.OutputDataset> outputs) {
    return outputs.stream()
        .map(out -> Datasets.withFacets(openLineage, out, dataset, output))
        .toList();
  }

  /**
   * The entries of {@code facets} whose names {@code container} (a facets object) has no value for.
   */
  private static <F> Map<String, F> missingFrom(Object container, Map<String, F> facets) {
    JsonNode present =
        container == null ? MAPPER.createObjectNode() : MAPPER.valueToTree(container);
    Map<String, F> missing = new LinkedHashMap<>();
    facets.forEach(
        (name, facet) -> {
          if (!present.hasNonNull(name)) {
            missing.put(name, facet);
          }
        });
    return missing;
  }

  private static <F> Map<String, F> union(Map<String, F> first, Map<String, F> later) {
    if (later.isEmpty()) {
      return first;
    }
    Map<String, F> all = new LinkedHashMap<>(first);
    all.putAll(later);
    return all;
  }
}
