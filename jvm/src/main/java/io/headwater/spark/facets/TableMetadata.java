package io.headwater.spark.facets;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.Tag;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.connector.catalog.TableCatalog;

/**
 * What a catalog knows about a table beyond its schema, for the dataset facets {@code tags} (table
 * properties {@code openlineage.tags.<key>=<value>}, source {@code SPARK}), {@code ownership} (the
 * table's owner), {@code documentation} (the table's comment) and {@code catalog} (the catalog the
 * table is in).
 *
 * @param properties the table's properties
 * @param owner the owner the catalog records, when any
 * @param comment the table's comment, when any
 * @param catalog the catalog, when it is one the {@code catalog} facet describes
 */
@Internal
public record TableMetadata(
    Map<String, String> properties,
    Optional<String> owner,
    Optional<String> comment,
    Optional<Catalog> catalog) {
  /**
   * The {@code catalog} dataset facet's description of a catalog ({@code source} is always {@code
   * spark}).
   *
   * @param framework the storage framework, e.g. {@code hive}, {@code iceberg}
   * @param type the catalog's type, e.g. {@code hive}, {@code hadoop}
   * @param name the catalog's name
   * @param metadataUri the catalog's service (e.g. the Hive metastore {@code thrift://host:9083}),
   *     when it has one
   * @param warehouseUri where the catalog keeps its tables' data, when known
   */
  public record Catalog(
      String framework,
      String type,
      String name,
      Optional<String> metadataUri,
      Optional<String> warehouseUri) {
    /** The {@code catalog} facet describing this catalog, {@code source} {@code spark}. */
    public OpenLineage.CatalogDatasetFacet facet(OpenLineage openLineage) {
      return openLineage
          .newCatalogDatasetFacetBuilder()
          .framework(framework)
          .type(type)
          .name(name)
          .metadataUri(metadataUri.orElse(null))
          .warehouseUri(warehouseUri.orElse(null))
          .source("spark")
          .build();
    }

    public Catalog {
      Objects.requireNonNull(framework, "framework");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(metadataUri, "metadataUri");
      Objects.requireNonNull(warehouseUri, "warehouseUri");
    }
  }

  /** Metadata without a {@code catalog} facet. */
  public TableMetadata(
      Map<String, String> properties, Optional<String> owner, Optional<String> comment) {
    this(properties, owner, comment, Optional.empty());
  }

  /**
   * The table-property prefix of dataset tags: {@code openlineage.tags.pii=true} is the tag {@code
   * pii=true}.
   */
  public static final String TAG_PROPERTY_PREFIX = "openlineage.tags.";

  /** The source of tags Spark metadata gives (table properties, column metadata). */
  public static final String SPARK_SOURCE = "SPARK";

  public TableMetadata {
    properties = Map.copyOf(properties);
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(comment, "comment");
    Objects.requireNonNull(catalog, "catalog");
  }

  /**
   * The metadata of a DataSourceV2 table with {@code properties}: its owner and comment are the
   * reserved properties {@code owner} and {@code comment} ({@code TableCatalog.PROP_OWNER}, {@code
   * PROP_COMMENT}).
   */
  public static TableMetadata ofV2(Map<String, String> properties) {
    return new TableMetadata(
        properties,
        Optional.ofNullable(properties.get(TableCatalog.PROP_OWNER)),
        Optional.ofNullable(properties.get(TableCatalog.PROP_COMMENT)));
  }

  /** The table-level tags, in key order. */
  public List<Tag> tags() {
    return properties.entrySet().stream()
        .filter(
            e ->
                e.getKey().startsWith(TAG_PROPERTY_PREFIX)
                    && e.getKey().length() > TAG_PROPERTY_PREFIX.length())
        .sorted(Map.Entry.comparingByKey())
        .map(
            e ->
                new Tag(
                    e.getKey().substring(TAG_PROPERTY_PREFIX.length()),
                    e.getValue().isBlank() ? "true" : e.getValue(),
                    SPARK_SOURCE))
        .toList();
  }

  /**
   * Sets {@code ownership} and {@code documentation} on {@code facets} when the catalog has an
   * owner or comment.
   */
  void addFacets(OpenLineage openLineage, OpenLineage.DatasetFacetsBuilder facets) {
    catalog.ifPresent(c -> facets.catalog(c.facet(openLineage)));
    owner
        .filter(o -> !o.isBlank())
        .ifPresent(
            o ->
                facets.ownership(
                    openLineage.newOwnershipDatasetFacet(
                        List.of(openLineage.newOwnershipDatasetFacetOwners(o, null)))));
    comment
        .filter(c -> !c.isBlank())
        .ifPresent(
            c ->
                facets.documentation(
                    openLineage.newDocumentationDatasetFacetBuilder().description(c).build()));
  }

  /** Finds the metadata of the table a dataset is, by its identity and its {@code symlinks}. */
  @FunctionalInterface
  public interface Source {
    /** No catalog: nothing is ever found. */
    Source NONE = (namespace, name, symlinks) -> Optional.empty();

    Optional<TableMetadata> lookup(
        String namespace, String name, List<OpenLineage.SymlinksDatasetFacetIdentifiers> symlinks);
  }
}
