package io.headwater.spark.facets;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.config.Redaction;
import java.net.URI;
import java.util.Iterator;
import java.util.Map;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The {@code spark.logicalPlan} run facet, named and shaped as in the OpenLineage Spark integration
 * (which leaves it off unless {@code spark.openlineage.facets.spark.logicalPlan.disabled=false}):
 * {@code {"plan": [...]}}, the run's optimized plan as Spark writes it ({@code TreeNode.toJSON}: an
 * array of nodes in pre-order, each {@code {"class": ..., "num-children": n, <fields>}}). Unlike
 * the integration's, it is made safe to send: every literal's {@code value} is {@code ?} when the
 * SQL redaction masks literals (the default, {@code facets.sql.literals=mask}), and every text goes
 * through {@link Redaction#text} (credentials in URLs and options, {@code redaction.regex}).
 * Schema: {@code LogicalPlanRunFacet.json} beside this class.
 */
@JsonPropertyOrder({"_producer", "_schemaURL", "plan"})
@Internal
public final class LogicalPlanRunFacet extends CustomRunFacet {
  /** The facet's key in {@code run.facets}. */
  public static final String NAME = "spark.logicalPlan";

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String LITERAL = "org.apache.spark.sql.catalyst.expressions.Literal";

  private final JsonNode plan;

  private LogicalPlanRunFacet(URI producer, JsonNode plan) {
    super(producer);
    this.plan = plan;
  }

  /**
   * The facet of {@code plan}.
   *
   * @throws RuntimeException when Spark cannot write the plan as JSON
   */
  public static LogicalPlanRunFacet of(URI producer, LogicalPlan plan, Redaction redaction) {
    JsonNode tree;
    try {
      tree = MAPPER.readTree(plan.toJSON());
    } catch (java.io.IOException e) {
      throw new IllegalStateException("Spark wrote a plan that is not JSON", e);
    }
    return new LogicalPlanRunFacet(producer, safe(tree, redaction));
  }

  /** The optimized plan as Spark's JSON: an array of nodes. */
  @JsonProperty("plan")
  public JsonNode getPlan() {
    return plan;
  }

  private static JsonNode safe(JsonNode node, Redaction redaction) {
    if (node instanceof ObjectNode object) {
      boolean literal = LITERAL.equals(object.path("class").asText(null));
      Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        if (literal && "value".equals(field.getKey()) && redaction.masksSqlLiterals()) {
          field.setValue(TextNode.valueOf("?"));
        } else {
          field.setValue(safe(field.getValue(), redaction));
        }
      }
      return object;
    }
    if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        array.set(i, safe(array.get(i), redaction));
      }
      return array;
    }
    if (node.isTextual()) {
      return TextNode.valueOf(redaction.text(node.asText()));
    }
    return node;
  }
}
