package io.headwater.spark.facets;

import java.net.URI;

/**
 * Where Headwater's own facet schemas are published: {@code <BASE><Name>.json#/$defs/<Name>}. Each
 * schema is a file {@code <Name>.json} in this package's resources whose {@code $id} is that URL
 * without the fragment; the tests validate every emitted custom facet against it.
 */
public final class FacetSchemas {
  /** The folder URL of Headwater's facet schemas, version 1-0-0. */
  public static final String BASE = "https://headwater-lineage.github.io/spec/facets/1-0-0/";

  private FacetSchemas() {}

  /** The {@code _schemaURL} of facet class {@code name}, e.g. {@code SparkPropertiesRunFacet}. */
  public static URI url(String name) {
    return URI.create(BASE + name + ".json#/$defs/" + name);
  }
}
