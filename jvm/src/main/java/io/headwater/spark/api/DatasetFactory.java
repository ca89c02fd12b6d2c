package io.headwater.spark.api;

import io.openlineage.client.OpenLineage;
import java.util.Objects;
import org.apache.spark.sql.types.StructType;

/**
 * Creates input and output datasets the way the built-in visitors do: the given identity, a {@code
 * schema} facet from the Spark schema (when given) and a {@code dataSource} facet naming the
 * namespace.
 */
public interface DatasetFactory {
  /**
   * An input dataset with the standard facets.
   *
   * @param namespace the dataset namespace per the OpenLineage naming spec, e.g. {@code file} or
   *     {@code s3://bucket}
   * @param name the dataset name within the namespace, e.g. {@code /data/flights}
   * @param schema the dataset's Spark schema, or null when unknown
   * @param facets further facets to attach (may be null)
   */
  OpenLineage.InputDataset input(
      String namespace, String name, StructType schema, OpenLineage.DatasetFacetsBuilder facets);

  /** As {@link #input}, for an output dataset. */
  OpenLineage.OutputDataset output(
      String namespace, String name, StructType schema, OpenLineage.DatasetFacetsBuilder facets);

  /** Shorthand for an input with only the standard facets. */
  default OpenLineage.InputDataset input(String namespace, String name, StructType schema) {
    return input(namespace, name, schema, null);
  }

  /** Shorthand for an output with only the standard facets. */
  default OpenLineage.OutputDataset output(String namespace, String name, StructType schema) {
    Objects.requireNonNull(name, "name");
    return output(namespace, name, schema, null);
  }
}
