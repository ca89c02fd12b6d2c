package io.headwater.spark.facets;

import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;

/**
 * How the {@code catalog} dataset facet describes a DataSourceV2 catalog ({@link
 * TableMetadata.Catalog}), from the catalog's Spark settings {@code spark.sql.catalog.<name>.*}:
 *
 * <ul>
 *   <li>Apache Iceberg's {@code SparkCatalog} or {@code SparkSessionCatalog}, as the OpenLineage
 *       Spark integration describes it: framework {@code iceberg}, type the catalog's {@code type}
 *       setting ({@code hadoop}, {@code hive}, {@code rest}, ...; {@code hive} when unset,
 *       Iceberg's own default), name the catalog's, {@code warehouseUri} its {@code warehouse}
 *       setting and {@code metadataUri} its {@code uri} setting, each as configured, when set;
 *   <li>any other catalog (openlineage-spark reports no dataset for a table of a catalog it has no
 *       handler for, so this is Headwater's own): framework and type the catalog plugin's class
 *       name, name the catalog's, no URIs.
 * </ul>
 *
 * The session catalog is not described here: its tables are described by {@link CatalogMetadata}'s
 * session-catalog lookup.
 */
final class V2CatalogDescriptions {
  private static final String ICEBERG_CATALOG = "org.apache.iceberg.spark.SparkCatalog";
  private static final String ICEBERG_SESSION_CATALOG =
      "org.apache.iceberg.spark.SparkSessionCatalog";

  private V2CatalogDescriptions() {}

  /** The description of {@code catalog}, a catalog of {@code session}. */
  static TableMetadata.Catalog of(SparkSession session, CatalogPlugin catalog) {
    String className = catalog.getClass().getName();
    String name = catalog.name();
    if (ICEBERG_CATALOG.equals(className) || ICEBERG_SESSION_CATALOG.equals(className)) {
      return new TableMetadata.Catalog(
          "iceberg",
          setting(session, name, "type").orElse("hive"),
          name,
          setting(session, name, "uri"),
          setting(session, name, "warehouse"));
    }
    return new TableMetadata.Catalog(
        className, className, name, Optional.empty(), Optional.empty());
  }

  private static Optional<String> setting(SparkSession session, String catalog, String key) {
    String value = session.conf().get("spark.sql.catalog." + catalog + "." + key, (String) null);
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
  }
}
