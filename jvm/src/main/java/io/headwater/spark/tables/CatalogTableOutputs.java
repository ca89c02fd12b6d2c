package io.headwater.spark.tables;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.facets.TableDatasets;
import io.headwater.spark.naming.CatalogTables;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.types.StructType;

/**
 * The output of a command that creates or writes a session-catalog (or Hive) table it holds as a
 * {@link CatalogTable}: the table's identity ({@link CatalogTables}: its location, else the
 * catalog's default path, with a symlink {@code db.table}), a schema and an optional lifecycle
 * change; and its job-name suffix {@code db_table}. Shared by the CREATE TABLE, CTAS and Hive write
 * visitors.
 */
@Internal
public final class CatalogTableOutputs {
  private final OpenLineageContext context;

  public CatalogTableOutputs(OpenLineageContext context) {
    this.context = Objects.requireNonNull(context, "context");
  }

  /**
   * The table as one output.
   *
   * @param schema the schema written or declared, null when unknown
   * @param state the lifecycle change, null for none
   * @throws IllegalStateException when the context has no SparkSession
   */
  public List<OpenLineage.OutputDataset> output(
      CatalogTable table, StructType schema, LifecycleStateChange state) {
    return TableDatasets.output(
        context, TableDatasets.catalog(context).identify(table), schema, state);
  }

  /** {@code db_table} (the current database when the identifier has none). */
  public Optional<String> jobNameSuffix(CatalogTable table) {
    return Optional.of(TableDatasets.catalog(context).jobNameSuffix(table.identifier()));
  }

  /**
   * The lifecycle change of a create-as-select of {@code table} in {@code mode}: CREATE for {@code
   * ErrorIfExists} (it fails unless it creates the table), OVERWRITE for {@code Overwrite}; for
   * {@code Ignore} ({@code CREATE TABLE IF NOT EXISTS ... AS SELECT}) and {@code Append} (a {@code
   * saveAsTable} in that mode), CREATE when the table did not exist when the execution started (as
   * the catalog's history tells, {@link CatalogTables#lookup}), else none (null): an existing table
   * is left alone or appended to.
   */
  public LifecycleStateChange ofCreateAsSelect(CatalogTable table, SaveMode mode) {
    return switch (mode) {
      case ErrorIfExists -> LifecycleStateChange.CREATE;
      case Overwrite -> LifecycleStateChange.OVERWRITE;
      default ->
          TableDatasets.catalog(context).lookup(table.identifier()).isEmpty()
              ? LifecycleStateChange.CREATE
              : null;
    };
  }
}
