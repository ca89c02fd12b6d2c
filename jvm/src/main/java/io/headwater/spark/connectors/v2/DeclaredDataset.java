package io.headwater.spark.connectors.v2;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.DatasetFactory;
import io.headwater.spark.facets.Datasets;
import io.headwater.spark.facets.FacetSchemas;
import io.headwater.spark.facets.HeadwaterVersion;
import io.headwater.spark.logging.OnceLog;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A dataset a DataSourceV2 table declares through its properties, the OpenLineage convention for
 * connectors that know their lineage better than the catalog does (seed "Spark DataSource V2 API
 * Extensions"):
 *
 * <pre>
 *   openlineage.dataset.namespace = kafka://broker:9092       -- both present: the dataset's identity, taken as-is
 *   openlineage.dataset.name      = orders
 *   openlineage.dataset.facets.&lt;facetName&gt; = &lt;JSON object&gt;   -- one facet each, named &lt;facetName&gt;
 * </pre>
 *
 * <ul>
 *   <li>A spec facet name (a property of {@code OpenLineage.DatasetFacets}: {@code documentation},
 *       {@code ownership}, {@code tags}, {@code storage}, {@code symlinks}, {@code
 *       lifecycleStateChange}, ...) is read into its typed model class: its {@code _schemaURL} is
 *       the spec's, its {@code _producer} the JSON's (Headwater's when absent).
 *   <li>Any other name is a custom facet kept as given, with {@code _producer} set to Headwater's
 *       producer URI and {@code _schemaURL} defaulting to the spec's {@code DatasetFacet} when
 *       absent. The name is the whole text after the prefix, dots included.
 *   <li>{@code schema} comes from the relation and {@code dataSource} from the namespace;
 *       properties of those names are ignored.
 *   <li>A value that is not a JSON object, or does not fit its typed facet, is logged once with the
 *       table and the property key and skipped; the other facets and the dataset are still emitted.
 * </ul>
 *
 * @param namespace {@code openlineage.dataset.namespace}
 * @param name {@code openlineage.dataset.name}
 * @param facets the well-formed facets by name, ready to merge into a dataset's facets
 */
@Internal
public record DeclaredDataset(String namespace, String name, Map<String, JsonNode> facets) {
  public static final String PREFIX = "openlineage.dataset.";
  public static final String NAMESPACE = PREFIX + "namespace";
  public static final String NAME = PREFIX + "name";
  public static final String FACETS = PREFIX + "facets.";

  private static final Logger LOG = LoggerFactory.getLogger(DeclaredDataset.class);
  private static final ObjectMapper MAPPER = OpenLineageClientUtils.newObjectMapper();

  /** Names Headwater computes itself: never taken from properties. */
  private static final Set<String> COMPUTED = Set.of("schema", "dataSource");

  private static final Set<String> SPEC_FACETS = specFacetNames();
  private static final OnceLog INVALID = new OnceLog(LOG);

  public DeclaredDataset {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    facets = Map.copyOf(facets);
  }

  /**
   * The dataset {@code properties} declare, or empty unless both {@link #NAMESPACE} and {@link
   * #NAME} are set (not blank).
   *
   * @param table the table as Spark prints it (e.g. {@code testcat.ns.t}), for log lines
   */
  public static Optional<DeclaredDataset> of(Map<String, String> properties, String table) {
    String namespace = properties.get(NAMESPACE);
    String name = properties.get(NAME);
    if (namespace == null || name == null || namespace.isBlank() || name.isBlank()) {
      return Optional.empty();
    }
    Map<String, JsonNode> facets = new LinkedHashMap<>();
    new TreeMap<>(properties)
        .forEach(
            (key, value) -> {
              if (key.startsWith(FACETS) && key.length() > FACETS.length()) {
                String facetName = key.substring(FACETS.length());
                if (!COMPUTED.contains(facetName)) {
                  facet(facetName, value, table, key)
                      .ifPresent(node -> facets.put(facetName, node));
                }
              }
            });
    return Optional.of(new DeclaredDataset(namespace.trim(), name.trim(), facets));
  }

  /** The dataset a V2 relation's table declares ({@code Table.properties()}), if any. */
  public static Optional<DeclaredDataset> of(DataSourceV2Relation relation) {
    return of(relation.table().properties(), relation.name());
  }

  /**
   * An input with the standard facets ({@code schema} from {@code schema}) and the declared ones.
   */
  public OpenLineage.InputDataset input(
      OpenLineage openLineage,
      DatasetFactory factory,
      StructType schema,
      OpenLineage.DatasetFacetsBuilder facets) {
    return Datasets.withFacets(
        openLineage, factory.input(namespace, name, schema, facets), this.facets, Map.of());
  }

  /**
   * An output with the standard facets ({@code schema} from {@code schema}) and the declared ones.
   */
  public OpenLineage.OutputDataset output(
      OpenLineage openLineage,
      DatasetFactory factory,
      StructType schema,
      OpenLineage.DatasetFacetsBuilder facets) {
    return Datasets.withFacets(
        openLineage, factory.output(namespace, name, schema, facets), this.facets, Map.of());
  }

  /**
   * The facet in {@code value}, normalised as described on the class; empty (logged) when
   * malformed.
   */
  private static Optional<JsonNode> facet(
      String facetName, String value, String table, String key) {
    try {
      JsonNode node = MAPPER.readTree(value);
      if (!(node instanceof ObjectNode object)) {
        throw new IllegalArgumentException("not a JSON object");
      }
      if (SPEC_FACETS.contains(facetName)) {
        object.remove("_schemaURL"); // the model class sets the spec's
        if (!object.hasNonNull("_producer")) {
          object.put("_producer", HeadwaterVersion.PRODUCER.toString());
        }
      } else {
        object.put("_producer", HeadwaterVersion.PRODUCER.toString());
        if (!object.hasNonNull("_schemaURL")) {
          object.put("_schemaURL", FacetSchemas.DATASET_FACET.toString());
        }
      }
      // Reading it as part of the facets container proves it fits its typed class (or the custom
      // facet shape).
      MAPPER.convertValue(Map.of(facetName, object), OpenLineage.DatasetFacets.class);
      return Optional.of(object);
    } catch (Exception e) {
      INVALID.warn(
          table + "\u0000" + key,
          "Headwater: table {} property {} is not a valid facet, skipped: {}",
          table,
          key,
          e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse(""));
      return Optional.empty();
    }
  }

  private static Set<String> specFacetNames() {
    return MAPPER
        .getDeserializationConfig()
        .introspect(MAPPER.constructType(OpenLineage.DatasetFacets.class))
        .findProperties()
        .stream()
        .map(BeanPropertyDefinition::getName)
        .collect(Collectors.toUnmodifiableSet());
  }
}
