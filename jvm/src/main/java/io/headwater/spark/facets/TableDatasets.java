package io.headwater.spark.facets;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.naming.CatalogTables;
import io.headwater.spark.naming.FileDatasetNames;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.collection.Seq;

/**
 * Builds the input and output datasets of catalog tables for the table visitors: identity (with its
 * symlinks), schema, and an optional lifecycle state, through the context's {@link
 * io.headwater.spark.api.DatasetFactory}.
 */
@Internal
public final class TableDatasets {
  private TableDatasets() {}

  public static List<OpenLineage.InputDataset> input(
      OpenLineageContext context, DatasetIdentifier id, StructType schema) {
    return input(context, id, schema, java.util.Optional.empty());
  }

  /**
   * The input dataset of a table, with its symlinks and the version read.
   *
   * @param version the {@code version} facet's value (the table version the read reads), when known
   */
  public static List<OpenLineage.InputDataset> input(
      OpenLineageContext context,
      DatasetIdentifier id,
      StructType schema,
      java.util.Optional<String> version) {
    OpenLineage.DatasetFacetsBuilder facets = DatasetFacets.withSymlinks(context.openLineage(), id);
    version.ifPresent(v -> facets.version(context.openLineage().newDatasetVersionDatasetFacet(v)));
    return List.of(context.datasetFactory().input(id.getNamespace(), id.getName(), schema, facets));
  }

  /**
   * The output dataset of a table, with its symlinks and lifecycle change.
   *
   * @param state the lifecycle change, or null for a plain write
   */
  public static List<OpenLineage.OutputDataset> output(
      OpenLineageContext context,
      DatasetIdentifier id,
      StructType schema,
      LifecycleStateChange state) {
    OpenLineage.DatasetFacetsBuilder facets = DatasetFacets.withSymlinks(context.openLineage(), id);
    if (state != null) {
      DatasetFacets.lifecycle(context.openLineage(), facets, state);
    }
    return List.of(
        context.datasetFactory().output(id.getNamespace(), id.getName(), schema, facets));
  }

  /**
   * The schema a write produces: the query's schema under the written column names (they differ
   * after renames).
   */
  public static StructType writtenSchema(StructType querySchema, Seq<String> outputColumnNames) {
    StructField[] fields = querySchema.fields();
    List<String> names = ScalaCollections.asJava(outputColumnNames);
    if (names.size() != fields.length) {
      return querySchema;
    }
    StructField[] renamed = new StructField[fields.length];
    for (int i = 0; i < fields.length; i++) {
      renamed[i] =
          new StructField(
              names.get(i), fields[i].dataType(), fields[i].nullable(), fields[i].metadata());
    }
    return new StructType(renamed);
  }

  /**
   * The identity of the table a file relation reads: its catalog table ({@link CatalogTables}) when
   * it has one, else its first root path ({@link FileDatasetNames}), e.g. a Delta path table {@code
   * delta.`/data/t`}.
   */
  public static DatasetIdentifier identify(OpenLineageContext context, LogicalRelation relation) {
    if (relation.catalogTable().isDefined()) {
      return catalog(context).identify(relation.catalogTable().get());
    }
    HadoopFsRelation files = (HadoopFsRelation) relation.relation();
    Path root = ScalaCollections.asJava(files.location().rootPaths()).get(0);
    return FileDatasetNames.of(root.toUri());
  }

  /**
   * The job-name suffix of {@link #identify}'s table: {@code db_table}, or the last two segments of
   * the path.
   */
  public static String jobNameSuffix(OpenLineageContext context, LogicalRelation relation) {
    if (relation.catalogTable().isDefined()) {
      return catalog(context).jobNameSuffix(relation.catalogTable().get().identifier());
    }
    return FileDatasetNames.jobNameSuffix(identify(context, relation).getName());
  }

  public static CatalogTables catalog(OpenLineageContext context) {
    return new CatalogTables(
        context
            .sparkSession()
            .orElseThrow(() -> new IllegalStateException("no SparkSession for a catalog table")));
  }
}
