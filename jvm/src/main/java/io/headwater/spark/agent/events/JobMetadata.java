package io.headwater.spark.agent.events;

import io.headwater.spark.agent.runs.LocalPropertyTags;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.MetadataSettings;
import io.headwater.spark.config.Tag;
import io.headwater.spark.config.TagSets;
import io.openlineage.client.OpenLineage;
import java.util.List;

/**
 * The user's metadata on jobs and runs, shared by RunEvents and JobEvents: the {@code tags} job and
 * run facets (configuration and environment tags, then the thread's local-property tags) and the
 * {@code ownership} job facet ({@code spark.openlineage.job.owners.<type>=<name>}), and the {@code
 * sourceCode} and {@code sourceCodeLocation} job facets of the job's code ({@code
 * spark.openlineage.sourceCode.file}, {@code sourceCodeLocation.*}).
 */
@Internal
public final class JobMetadata {
  private final OpenLineage openLineage;
  private final MetadataSettings settings;

  public JobMetadata(OpenLineage openLineage, MetadataSettings settings) {
    this.openLineage = openLineage;
    this.settings = settings;
  }

  /** Adds {@code tags} (when any) and {@code ownership} (when configured) to a job's facets. */
  OpenLineage.JobFacetsBuilder addTo(
      OpenLineage.JobFacetsBuilder facets, LocalPropertyTags.Snapshot local) {
    List<Tag> tags = jobTags(local);
    if (!tags.isEmpty()) {
      facets.tags(TagSets.jobFacet(openLineage, tags));
    }
    settings
        .sourceCode()
        .ifPresent(
            code ->
                facets.sourceCode(openLineage.newSourceCodeJobFacet(code.language(), code.text())));
    if (!settings.sourceCodeLocation().isEmpty()) {
      java.util.Map<String, String> location = settings.sourceCodeLocation();
      facets.sourceCodeLocation(
          openLineage
              .newSourceCodeLocationJobFacetBuilder()
              .type(location.get("type"))
              .url(java.net.URI.create(location.get("url")))
              .repoUrl(location.get("repoUrl"))
              .path(location.get("path"))
              .version(location.get("version"))
              .tag(location.get("tag"))
              .branch(location.get("branch"))
              .build());
    }
    if (!settings.jobOwners().isEmpty()) {
      facets.ownership(
          openLineage.newOwnershipJobFacet(
              settings.jobOwners().stream()
                  .map(owner -> openLineage.newOwnershipJobFacetOwners(owner.name(), owner.type()))
                  .toList()));
    }
    return facets;
  }

  /** Adds {@code tags} (when any) to a run's facets. */
  OpenLineage.RunFacetsBuilder addTo(
      OpenLineage.RunFacetsBuilder facets, LocalPropertyTags.Snapshot local) {
    List<Tag> tags = runTags(local);
    if (!tags.isEmpty()) {
      facets.tags(TagSets.runFacet(openLineage, tags));
    }
    return facets;
  }

  List<Tag> jobTags(LocalPropertyTags.Snapshot local) {
    return TagSets.combine(settings.jobTags(), local.job());
  }

  List<Tag> runTags(LocalPropertyTags.Snapshot local) {
    return TagSets.combine(settings.runTags(), local.run());
  }
}
