package io.headwater.spark.emit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.headwater.spark.config.Redaction;
import io.openlineage.client.OpenLineage;
import java.util.ArrayList;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Redacts every event before it leaves the process, whichever part of the agent or which extension
 * built it: in the event's JSON, a string under a key that names a secret ({@link
 * Redaction#isSecretKey}) is replaced whole, a dataset or job {@code namespace}/{@code name} loses
 * only its credentials ({@link Redaction#name}), and every other string — SQL text, error messages
 * and stack traces, facet values — goes through {@link Redaction#text}, except the {@code sql} job
 * facet's {@code query}, the one place events carry SQL text (statements, view definitions,
 * pipeline flows, whoever built the event), which goes through {@link Redaction#sql}: its literals
 * masked. An event with no SQL text to mask and no sign of a secret in its JSON ({@link
 * Redaction#mayContainSecrets}) is passed on as it is; one that changes is rebuilt from the
 * redacted JSON with the client's model.
 */
final class EventRedaction {
  private static final Set<String> NAME_KEYS = Set.of("namespace", "name");

  private final Redaction redaction;

  EventRedaction(Redaction redaction) {
    this.redaction = Objects.requireNonNull(redaction, "redaction");
  }

  /** {@code event} with its secrets redacted (the same object when there are none). */
  @SuppressWarnings("unchecked")
  <T extends OpenLineage.BaseEvent> T redact(T event) {
    // the sql facet's query is masked on the model first: an event whose query has no literal (and
    // no sign of a secret) is passed on without a JSON round trip
    String query = sqlQuery(event);
    String masked = query == null ? null : redaction.maskedSql(query);
    boolean sqlChanged = masked != null && !masked.equals(query);
    if (!sqlChanged && !redaction.mayContainSecrets(EventJson.toJson(event))) {
      return event;
    }
    JsonNode tree = EventJson.toTree(event);
    if (sqlChanged && tree.at("/job/facets/sql") instanceof ObjectNode facet) {
      facet.set("query", TextNode.valueOf(masked)); // Redaction#text follows, with every string
    }
    if (!redact(tree) && !sqlChanged) {
      return event;
    }
    return (T) EventJson.fromTree(tree);
  }

  /** The query of {@code event}'s {@code sql} job facet, or null when it has none. */
  private static String sqlQuery(OpenLineage.BaseEvent event) {
    OpenLineage.Job job =
        event instanceof OpenLineage.RunEvent run
            ? run.getJob()
            : event instanceof OpenLineage.JobEvent jobEvent ? jobEvent.getJob() : null;
    if (job == null || job.getFacets() == null || job.getFacets().getSql() == null) {
      return null;
    }
    return job.getFacets().getSql().getQuery();
  }

  /** Redacts the strings below {@code node} in place; true when one changed. */
  private boolean redact(JsonNode node) {
    boolean changed = false;
    if (node instanceof ObjectNode object) {
      for (Map.Entry<String, JsonNode> field : new ArrayList<>(object.properties())) {
        String key = field.getKey();
        JsonNode value = field.getValue();
        if (value.isTextual()) {
          String text = value.asText();
          String redacted =
              redaction.isSecretKey(key)
                  ? Redaction.REDACTED
                  : NAME_KEYS.contains(key) ? redaction.name(text) : redaction.text(text);
          if (!redacted.equals(text)) {
            object.set(key, TextNode.valueOf(redacted));
            changed = true;
          }
        } else {
          changed |= redact(value);
        }
      }
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        JsonNode item = array.get(i);
        if (item.isTextual()) {
          String redacted = redaction.text(item.asText());
          if (!redacted.equals(item.asText())) {
            array.set(i, TextNode.valueOf(redacted));
            changed = true;
          }
        } else {
          changed |= redact(item);
        }
      }
    }
    return changed;
  }
}
