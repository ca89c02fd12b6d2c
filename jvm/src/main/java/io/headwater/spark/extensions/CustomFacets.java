package io.headwater.spark.extensions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.TagSets;
import io.headwater.spark.facets.Datasets;
import io.headwater.spark.facets.FacetMerge;
import io.headwater.spark.facets.HeadwaterVersion;
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
 *   <li>a {@code tags} facet (the spec's {@code TagsRunFacet}, {@code TagsJobFacet}, {@code
 *       TagsDatasetFacet}) is merged with the tags the event has: its tags are added, and replace a
 *       tag of the same key ({@link TagSets#combine}): an extension is the last source of tags;
 *   <li>dataset facets go on every input and output and replace a facet of the same name;
 *       input-dataset and output-dataset facets go on every input's {@code inputFacets} / output's
 *       {@code outputFacets} likewise.
 * </ul>
 */
@Internal
public record CustomFacets(
    Map<String, OpenLineage.RunFacet> run,
    Map<String, OpenLineage.JobFacet> job,
    Map<String, OpenLineage.DatasetFacet> dataset,
    Map<String, OpenLineage.InputDatasetFacet> input,
    Map<String, OpenLineage.OutputDatasetFacet> output) {
  private static final ObjectMapper MAPPER = OpenLineageClientUtils.newObjectMapper();

  /** The name of the spec's tags facets. */
  private static final String TAGS = "tags";

  /** Builds merged run tags facets, with Headwater as their producer. */
  private static final OpenLineage OPEN_LINEAGE = new OpenLineage(HeadwaterVersion.PRODUCER);

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
    if (run.isEmpty()) {
      return facets;
    }
    Map<String, OpenLineage.RunFacet> added = missingFrom(facets, run);
    if (facets != null
        && facets.getTags() != null
        && run.get(TAGS) instanceof OpenLineage.TagsRunFacet tags) {
      added.put(
          TAGS,
          TagSets.runFacet(
              OPEN_LINEAGE, TagSets.combine(TagSets.of(facets.getTags()), TagSets.of(tags))));
    }
    return FacetMerge.merge(
        added, facets, OpenLineage.RunFacets.class, OPEN_LINEAGE::newRunFacetsBuilder);
  }

  /** {@code job} with the job facets whose names it does not have yet. */
  public OpenLineage.Job addTo(OpenLineage openLineage, OpenLineage.Job job) {
    if (this.job.isEmpty()) {
      return job;
    }
    Map<String, OpenLineage.JobFacet> added = missingFrom(job.getFacets(), this.job);
    if (job.getFacets() != null
        && job.getFacets().getTags() != null
        && this.job.get(TAGS) instanceof OpenLineage.TagsJobFacet tags) {
      added.put(
          TAGS,
          TagSets.jobFacet(
              openLineage,
              TagSets.combine(TagSets.of(job.getFacets().getTags()), TagSets.of(tags))));
    }
    OpenLineage.JobFacets facets =
        FacetMerge.merge(
            added, job.getFacets(), OpenLineage.JobFacets.class, openLineage::newJobFacetsBuilder);
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
    return inputs.stream()
        .map(
            in ->
                Datasets.withFacets(
                    openLineage, in, datasetFacets(openLineage, in.getFacets()), input))
        .toList();
  }

  /** Every output with the dataset and output-dataset facets (replacing same-named ones). */
  public List<OpenLineage.OutputDataset> addToOutputs(
      OpenLineage openLineage, List<OpenLineage.OutputDataset> outputs) {
    return outputs.stream()
        .map(
            out ->
                Datasets.withFacets(
                    openLineage, out, datasetFacets(openLineage, out.getFacets()), output))
        .toList();
  }

  /**
   * The dataset facets for a dataset whose facets are {@code present}: a {@code tags} facet merged
   * with the dataset's own tags.
   */
  private Map<String, OpenLineage.DatasetFacet> datasetFacets(
      OpenLineage openLineage, OpenLineage.DatasetFacets present) {
    if (present == null
        || present.getTags() == null
        || !(dataset.get(TAGS) instanceof OpenLineage.TagsDatasetFacet tags)) {
      return dataset;
    }
    Map<String, OpenLineage.DatasetFacet> all = new LinkedHashMap<>(dataset);
    all.put(
        TAGS,
        TagSets.datasetFacet(
            openLineage,
            TagSets.combine(TagSets.datasetTags(present.getTags()), TagSets.datasetTags(tags))));
    return all;
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
