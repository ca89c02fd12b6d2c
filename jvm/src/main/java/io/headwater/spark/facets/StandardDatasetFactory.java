package io.headwater.spark.facets;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.DatasetFactory;
import io.headwater.spark.config.Tag;
import io.headwater.spark.config.TagSets;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.util.Objects;
import org.apache.spark.sql.types.StructType;

/**
 * The built-in {@link DatasetFactory}: attaches {@code schema} (from the Spark schema) and {@code
 * dataSource} (name and URI both the namespace, as the OpenLineage Spark integration writes it) to
 * every dataset; and, for a dataset that is a catalog table ({@link TableMetadata.Source}), {@code
 * tags} from its {@code openlineage.tags.*} properties, {@code ownership} from its owner and {@code
 * documentation} from its comment. Column tags from the schema's metadata ({@link ColumnTags}) are
 * added to {@code tags} with their {@code field}. Tags already on the given facets (a user's) win
 * over these integration tags of the same key.
 */
@Internal
public final class StandardDatasetFactory implements DatasetFactory {
  private final OpenLineage openLineage;
  private final TableMetadata.Source tables;

  /** A factory that looks up no catalog. */
  public StandardDatasetFactory(OpenLineage openLineage) {
    this(openLineage, TableMetadata.Source.NONE);
  }

  /**
   * @param tables finds the catalog metadata of table datasets (called at most once per dataset
   *     built)
   */
  public StandardDatasetFactory(OpenLineage openLineage, TableMetadata.Source tables) {
    this.openLineage = Objects.requireNonNull(openLineage, "openLineage");
    this.tables = Objects.requireNonNull(tables, "tables");
  }

  @Override
  public OpenLineage.InputDataset input(
      String namespace, String name, StructType schema, OpenLineage.DatasetFacetsBuilder facets) {
    return openLineage
        .newInputDatasetBuilder()
        .namespace(namespace)
        .name(name)
        .facets(standardFacets(namespace, name, schema, facets).build())
        .build();
  }

  @Override
  public OpenLineage.OutputDataset output(
      String namespace, String name, StructType schema, OpenLineage.DatasetFacetsBuilder facets) {
    return openLineage
        .newOutputDatasetBuilder()
        .namespace(namespace)
        .name(name)
        .facets(standardFacets(namespace, name, schema, facets).build())
        .build();
  }

  private OpenLineage.DatasetFacetsBuilder standardFacets(
      String namespace, String name, StructType schema, OpenLineage.DatasetFacetsBuilder facets) {
    OpenLineage.DatasetFacetsBuilder builder =
        facets == null ? openLineage.newDatasetFacetsBuilder() : facets;
    if (schema != null) {
      builder.schema(SchemaFacets.of(openLineage, schema));
    }
    OpenLineage.DatasetFacets given = builder.build();
    java.util.List<Tag> integrationTags = new java.util.ArrayList<>();
    java.util.Optional<TableMetadata> table =
        tables.lookup(
            namespace,
            name,
            given.getSymlinks() == null
                ? java.util.List.of()
                : given.getSymlinks().getIdentifiers());
    table.ifPresent(
        metadata -> {
          integrationTags.addAll(metadata.tags());
          metadata.addFacets(openLineage, builder);
        });
    integrationTags.addAll(ColumnTags.of(schema));
    java.util.List<Tag> userTags = TagSets.datasetTags(given.getTags());
    if (!integrationTags.isEmpty() || !userTags.isEmpty()) {
      builder.tags(
          TagSets.datasetFacet(
              openLineage, TagSets.withUserTags(TagSets.combine(integrationTags), userTags)));
    }
    return builder.dataSource(
        openLineage
            .newDatasourceDatasetFacetBuilder()
            .name(namespace)
            .uri(dataSourceUri(namespace))
            .build());
  }

  /**
   * The namespace as an absolute URI: itself when it has a scheme ({@code s3://bucket}); {@code
   * file:///} for the local-file namespace {@code file}; none otherwise (the facet's {@code uri}
   * must be an absolute URI).
   */
  static URI dataSourceUri(String namespace) {
    if ("file".equals(namespace)) {
      return URI.create("file:///");
    }
    try {
      URI uri = URI.create(namespace);
      return uri.isAbsolute() ? uri : null;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
