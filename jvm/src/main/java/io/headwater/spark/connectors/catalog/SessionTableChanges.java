package io.headwater.spark.connectors.catalog;

import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.naming.CatalogTables;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.types.StructType;

/**
 * A session-catalog table that a DDL command names (by {@link TableIdentifier}) and changes without
 * reading data, as the catalog has it when the visitor runs: its identity ({@link
 * CatalogTables#identifyByName}), its schema, and the output that reports the change. Shared by the
 * TRUNCATE and ALTER TABLE visitors of this package.
 */
final class SessionTableChanges {
  private final OpenLineageContext context;

  SessionTableChanges(OpenLineageContext context) {
    this.context = Objects.requireNonNull(context, "context");
  }

  /** The table's location with a symlink {@code db.table}; its default path when not found. */
  DatasetIdentifier identity(TableIdentifier name) {
    return tables().identifyByName(name);
  }

  /** The table's schema in the catalog, null when the catalog does not have it. */
  StructType schema(TableIdentifier name) {
    return tables().lookup(name).map(CatalogTable::schema).orElse(null);
  }

  /** The table, named and described as it is now, with lifecycle {@code state}. */
  List<OpenLineage.OutputDataset> changed(TableIdentifier name, LifecycleStateChange state) {
    return output(identity(name), schema(name), state);
  }

  /** One output {@code id} with {@code schema} (null for none) and lifecycle {@code state}. */
  List<OpenLineage.OutputDataset> output(
      DatasetIdentifier id, StructType schema, LifecycleStateChange state) {
    return TableDatasets.output(context, id, schema, state);
  }

  /** {@code db_table}. */
  Optional<String> jobNameSuffix(TableIdentifier name) {
    return Optional.of(tables().jobNameSuffix(name));
  }

  /**
   * The session catalog's table naming.
   *
   * @throws IllegalStateException when the context has no SparkSession
   */
  CatalogTables tables() {
    return TableDatasets.catalog(context);
  }
}
