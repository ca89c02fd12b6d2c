package io.headwater.spark.facets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.FlatTags;
import io.headwater.spark.config.Tag;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Column-level dataset tags (with {@code field}) from a column's Spark metadata entry {@code tags},
 * a map set for example with {@code df.withMetadata("email", {"tags": {"pii": True}})}; nested maps
 * are flattened ({@link FlatTags}), source {@code SPARK}. Spark keeps a column's metadata when the
 * column is passed through unchanged, so the tags reach the outputs it flows into; an expression
 * over it starts without metadata.
 */
@Internal
public final class ColumnTags {
  private static final ObjectMapper JSON = new ObjectMapper();
  static final String METADATA_KEY = "tags";

  private ColumnTags() {}

  /** The tags of the top-level columns of {@code schema}, in column order. */
  public static List<Tag> of(StructType schema) {
    List<Tag> tags = new ArrayList<>();
    if (schema == null) {
      return tags;
    }
    for (StructField field : schema.fields()) {
      if (!field.metadata().contains(METADATA_KEY)) {
        continue;
      }
      try {
        JsonNode node = JSON.readTree(field.metadata().json()).get(METADATA_KEY);
        if (node != null && node.isObject()) {
          tags.addAll(FlatTags.of("", node, TableMetadata.SPARK_SOURCE, field.name()));
        }
      } catch (java.io.IOException e) {
        // Spark wrote the metadata JSON itself; unreadable metadata carries no tags
      }
    }
    return tags;
  }
}
