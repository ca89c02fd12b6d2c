package io.headwater.spark.facets;

import io.headwater.spark.annotation.Internal;
import io.openlineage.client.OpenLineage;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The {@code schema} dataset facet (spec SchemaDatasetFacet) of a Spark schema. Each field's {@code
 * type} is Spark's {@link DataType#typeName()} ({@code integer}, {@code long}, {@code string},
 * {@code decimal(10,2)}, {@code struct}, {@code array}, {@code map}; not the SQL-style {@code
 * int}/{@code bigint}), as the OpenLineage Spark integration writes it. Nested types use the
 * facet's {@code fields}: a struct lists its fields, an array has one field {@code _element}, a map
 * has {@code key} and {@code value}. A column comment becomes the field's {@code description}.
 */
@Internal
public final class SchemaFacets {
  private SchemaFacets() {}

  public static OpenLineage.SchemaDatasetFacet of(OpenLineage openLineage, StructType schema) {
    return openLineage.newSchemaDatasetFacetBuilder().fields(fields(openLineage, schema)).build();
  }

  private static List<OpenLineage.SchemaDatasetFacetFields> fields(
      OpenLineage openLineage, StructType struct) {
    List<OpenLineage.SchemaDatasetFacetFields> fields = new ArrayList<>(struct.fields().length);
    for (StructField field : struct.fields()) {
      String description = field.getComment().isDefined() ? field.getComment().get() : null;
      fields.add(field(openLineage, field.name(), field.dataType(), description));
    }
    return fields;
  }

  private static OpenLineage.SchemaDatasetFacetFields field(
      OpenLineage openLineage, String name, DataType type, String description) {
    return openLineage
        .newSchemaDatasetFacetFieldsBuilder()
        .name(name)
        .type(typeName(type))
        .description(description)
        .fields(nested(openLineage, type))
        .build();
  }

  private static List<OpenLineage.SchemaDatasetFacetFields> nested(
      OpenLineage openLineage, DataType type) {
    if (type instanceof StructType struct) {
      return fields(openLineage, struct);
    }
    if (type instanceof ArrayType array) {
      return List.of(field(openLineage, "_element", array.elementType(), null));
    }
    if (type instanceof MapType map) {
      return List.of(
          field(openLineage, "key", map.keyType(), null),
          field(openLineage, "value", map.valueType(), null));
    }
    return null;
  }

  private static String typeName(DataType type) {
    if (type instanceof StructType) {
      return "struct";
    }
    if (type instanceof ArrayType) {
      return "array";
    }
    if (type instanceof MapType) {
      return "map";
    }
    return type.typeName();
  }
}
