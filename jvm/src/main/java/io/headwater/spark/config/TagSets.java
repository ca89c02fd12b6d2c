package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import io.openlineage.client.OpenLineage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The rules of the OpenLineage tagging proposal, in one place, and the spec's tags facets built
 * from tag lists.
 *
 * <ul>
 *   <li>{@link #combine}: one tag per key (case-insensitive) within an event (per field for dataset
 *       tags); a later source's tag of the same key replaces an earlier one, whatever their sources
 *       (docs/static-lineage-and-tags.md, "How tags merge", lists the sources in order).
 *   <li>{@link #withUserTags}: a user tag replaces an integration tag of the same key,
 *       case-insensitive, whatever its source, keeping the integration tag's spelling of the key
 *       (as openlineage-python's client does).
 * </ul>
 */
@Internal
public final class TagSets {
  private TagSets() {}

  /**
   * The tags of all {@code layers}, lowest precedence first, one per key (and field): a later tag
   * of a key takes the earlier one's value and source and moves to the end.
   */
  @SafeVarargs
  public static List<Tag> combine(List<Tag>... layers) {
    Map<String, Tag> byIdentity = new LinkedHashMap<>();
    for (List<Tag> layer : layers) {
      for (Tag tag : layer) {
        byIdentity.remove(tag.identity()); // the newer tag takes the older one's place at the end
        byIdentity.put(tag.identity(), tag);
      }
    }
    return List.copyOf(byIdentity.values());
  }

  /**
   * {@code integration} tags with {@code user} tags applied: integration tags whose key a user tag
   * has (case-insensitive) are replaced by that user tag, spelled with the integration tag's key.
   */
  public static List<Tag> withUserTags(List<Tag> integration, List<Tag> user) {
    Set<String> userKeys = user.stream().map(TagSets::keyAndField).collect(Collectors.toSet());
    Map<String, String> integrationSpelling = new LinkedHashMap<>();
    List<Tag> result = new ArrayList<>();
    for (Tag tag : integration) {
      integrationSpelling.putIfAbsent(keyAndField(tag), tag.key());
      if (!userKeys.contains(keyAndField(tag))) {
        result.add(tag);
      }
    }
    for (Tag tag : user) {
      String key = integrationSpelling.getOrDefault(keyAndField(tag), tag.key());
      result.add(new Tag(key, tag.value(), tag.source(), tag.field()));
    }
    return combine(result);
  }

  /** A tag's key, case-insensitive, and its field: what a user tag replaces. */
  private static String keyAndField(Tag tag) {
    return tag.key().toLowerCase(Locale.ROOT) + "\u0000" + (tag.field() == null ? "" : tag.field());
  }

  public static OpenLineage.TagsJobFacet jobFacet(OpenLineage openLineage, List<Tag> tags) {
    return openLineage.newTagsJobFacet(
        tags.stream()
            .map(t -> openLineage.newTagsJobFacetFields(t.key(), t.value(), t.source()))
            .toList());
  }

  public static OpenLineage.TagsRunFacet runFacet(OpenLineage openLineage, List<Tag> tags) {
    return openLineage.newTagsRunFacet(
        tags.stream()
            .map(t -> openLineage.newTagsRunFacetFields(t.key(), t.value(), t.source()))
            .toList());
  }

  public static OpenLineage.TagsDatasetFacet datasetFacet(OpenLineage openLineage, List<Tag> tags) {
    return openLineage.newTagsDatasetFacet(
        tags.stream()
            .map(
                t ->
                    openLineage.newTagsDatasetFacetFields(
                        t.key(), t.value(), t.source(), t.field()))
            .toList());
  }

  /** The tags of a job tags facet ({@code []} for null). */
  public static List<Tag> of(OpenLineage.TagsJobFacet facet) {
    if (facet == null || facet.getTags() == null) {
      return List.of();
    }
    return facet.getTags().stream()
        .map(t -> new Tag(t.getKey(), t.getValue(), orUnknown(t.getSource())))
        .toList();
  }

  /** The tags of a run tags facet ({@code []} for null). */
  public static List<Tag> of(OpenLineage.TagsRunFacet facet) {
    if (facet == null || facet.getTags() == null) {
      return List.of();
    }
    return facet.getTags().stream()
        .map(t -> new Tag(t.getKey(), t.getValue(), orUnknown(t.getSource())))
        .toList();
  }

  /** The tags of a dataset tags facet ({@code []} for null), with their fields. */
  public static List<Tag> datasetTags(OpenLineage.TagsDatasetFacet facet) {
    if (facet == null || facet.getTags() == null) {
      return List.of();
    }
    return facet.getTags().stream()
        .map(t -> new Tag(t.getKey(), t.getValue(), orUnknown(t.getSource()), t.getField()))
        .toList();
  }

  private static String orUnknown(String source) {
    return source == null ? "" : source;
  }
}
