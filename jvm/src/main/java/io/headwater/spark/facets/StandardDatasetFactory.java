package io.headwater.spark.facets;

import io.headwater.spark.api.DatasetFactory;
import io.openlineage.client.OpenLineage;
import java.net.URI;
import java.util.Objects;
import org.apache.spark.sql.types.StructType;

/**
 * The built-in {@link DatasetFactory}: attaches {@code schema} (from the Spark schema) and {@code dataSource}
 * (name and URI both the namespace, as the OpenLineage Spark integration writes it) to every dataset.
 */
public final class StandardDatasetFactory implements DatasetFactory {
  private final OpenLineage openLineage;

  public StandardDatasetFactory(OpenLineage openLineage) {
    this.openLineage = Objects.requireNonNull(openLineage, "openLineage");
  }

  @Override
  public OpenLineage.InputDataset input(
      String namespace, String name, StructType schema, OpenLineage.DatasetFacetsBuilder facets) {
    return openLineage.newInputDatasetBuilder()
        .namespace(namespace)
        .name(name)
        .facets(standardFacets(namespace, schema, facets).build())
        .build();
  }

  @Override
  public OpenLineage.OutputDataset output(
      String namespace, String name, StructType schema, OpenLineage.DatasetFacetsBuilder facets) {
    return openLineage.newOutputDatasetBuilder()
        .namespace(namespace)
        .name(name)
        .facets(standardFacets(namespace, schema, facets).build())
        .build();
  }

  private OpenLineage.DatasetFacetsBuilder standardFacets(
      String namespace, StructType schema, OpenLineage.DatasetFacetsBuilder facets) {
    OpenLineage.DatasetFacetsBuilder builder = facets == null ? openLineage.newDatasetFacetsBuilder() : facets;
    if (schema != null) {
      builder.schema(SchemaFacets.of(openLineage, schema));
    }
    return builder.dataSource(
        openLineage.newDatasourceDatasetFacetBuilder().name(namespace).uri(dataSourceUri(namespace)).build());
  }

  /**
   * The namespace as an absolute URI: itself when it has a scheme ({@code s3://bucket}); {@code file:///} for the
   * local-file namespace {@code file}; none otherwise (the facet's {@code uri} must be an absolute URI).
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
