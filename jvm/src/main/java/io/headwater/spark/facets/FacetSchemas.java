package io.headwater.spark.facets;

import io.headwater.spark.annotation.Internal;
import java.net.URI;

/**
 * The {@code _schemaURL} values of custom facets (facets with no schema of their own in the
 * OpenLineage spec), following the convention the OpenLineage tooling resolves: the spec's base
 * definition of the facet's entity, {@code https://openlineage.io/spec/2-0-2/OpenLineage.json#/
 * $defs/RunFacet|JobFacet|DatasetFacet}. The OpenLineage Spark integration gives its custom facets
 * ({@code spark_properties}, ...) exactly these URLs, and the compatibility suite's validator
 * accepts a facet without a published schema only under them; a facet's own shape is then found by
 * its name. Headwater still ships a JSON schema for each facet of its own ({@code <Name>.json} in
 * this package's resources, whose {@code properties} key is the facet's name), and its validator
 * checks a facet named so against that schema.
 */
@Internal
public final class FacetSchemas {
  /** The OpenLineage spec whose {@code $defs} the custom facets' URLs point into. */
  public static final String SPEC = "https://openlineage.io/spec/2-0-2/OpenLineage.json";

  /** The {@code _schemaURL} of a custom run facet. */
  public static final URI RUN_FACET = URI.create(SPEC + "#/$defs/RunFacet");

  /** The {@code _schemaURL} of a custom job facet. */
  public static final URI JOB_FACET = URI.create(SPEC + "#/$defs/JobFacet");

  /** The {@code _schemaURL} of a custom dataset facet. */
  public static final URI DATASET_FACET = URI.create(SPEC + "#/$defs/DatasetFacet");

  private FacetSchemas() {}
}
