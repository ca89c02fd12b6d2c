package io.headwater.spark.agent.events;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headwater.spark.agent.runs.LocalPropertyTags;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.config.FlatTags;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.config.MetadataSettings;
import io.headwater.spark.config.Tag;
import io.headwater.spark.config.TagSets;
import io.headwater.spark.emit.EmissionQueue;
import io.headwater.spark.extensions.LineageExtractor;
import io.headwater.spark.extensions.RunContexts;
import io.headwater.spark.facets.CatalogMetadata;
import io.headwater.spark.facets.DatasetFacets;
import io.headwater.spark.facets.HeadwaterVersion;
import io.headwater.spark.facets.StandardDatasetFactory;
import io.headwater.spark.reading.ExecutionLineage;
import io.headwater.spark.tables.DatasetReferences;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import io.openlineage.client.utils.UUIDUtils;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * The JVM side of the Python static-lineage API ({@code headwater.emit_job_event}, {@code
 * emit_dataset_event}, {@code emit}): builds the whole event first, then hands it to the agent's
 * emission queue and configured transport, and returns it as JSON. Bad input throws {@link
 * IllegalArgumentException} naming the problem, before anything is queued; nothing is emitted
 * half-way.
 */
@Internal
public final class StaticLineageApi {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final OpenLineage openLineage;
  private final LineageExtractor extractor;
  private final EmissionQueue emission;
  private final StaticEvents events;
  private final MetadataSettings metadata;
  private final String namespace;
  private final RunContexts contexts;

  public StaticLineageApi(
      OpenLineage openLineage,
      LineageExtractor extractor,
      EmissionQueue emission,
      StaticEvents events,
      HeadwaterConfig config,
      RunContexts contexts) {
    this.openLineage = openLineage;
    this.extractor = extractor;
    this.emission = emission;
    this.events = events;
    this.metadata = config.metadata();
    this.namespace = config.namespace();
    this.contexts = contexts;
  }

  /**
   * A JobEvent of the declared lineage of {@code frame} written to {@code output}, computed from
   * its analyzed plan; the DataFrame is not executed.
   *
   * @param jobNamespace the job's namespace, or null for {@code spark.openlineage.namespace}
   * @param facetsJson a JSON object of extra job facets by name, or null
   * @throws IllegalArgumentException when no input dataset can be resolved from the plan, or the
   *     output cannot be named
   */
  public String emitJobEvent(
      Dataset<?> frame, String jobName, String output, String jobNamespace, String facetsJson) {
    requireText(jobName, "job_name");
    requireText(output, "output");
    Map<String, Object> facets = facets(facetsJson);
    QueryExecution execution = frame.queryExecution();
    SparkSession session = frame.sparkSession();
    DatasetReferences.Resolved target = DatasetReferences.named(session, output);
    OpenLineageContext context = context(session, Optional.of(execution));
    OpenLineage.OutputDataset declaredOutput =
        context
            .datasetFactory()
            .output(
                target.id().getNamespace(),
                target.id().getName(),
                frame.schema(),
                DatasetFacets.withSymlinks(openLineage, target.id()));
    ExecutionLineage lineage = extractor.declared(context, execution.analyzed(), declaredOutput);
    if (lineage.inputs().isEmpty()) {
      throw new IllegalArgumentException(
          "no input dataset could be resolved from the DataFrame's plan (a DataFrame of local data"
              + " or range() reads no dataset); nothing was emitted for job '"
              + jobName
              + "'");
    }
    OpenLineage.JobEvent event =
        events.jobEvent(
            System.currentTimeMillis(),
            jobNamespace == null || jobNamespace.isBlank() ? namespace : jobNamespace,
            jobName,
            "JOB",
            lineage.inputs(),
            lineage.outputs(),
            Optional.empty(),
            LocalPropertyTags.Snapshot.NONE);
    event = withJobFacets(event, facets);
    emission.submit(event);
    return OpenLineageClientUtils.toJson(event);
  }

  /**
   * A DatasetEvent of an existing table or path: schema and symlinks from the catalog or the files
   * (read as {@code format}), tags (source {@code USER}, nested maps flattened) and extra dataset
   * facets.
   *
   * @param tagsJson a JSON object of tags, or null
   * @param facetsJson a JSON object of extra dataset facets by name, or null
   * @throws IllegalArgumentException when no such table or path exists
   */
  public String emitDatasetEvent(
      SparkSession session, String dataset, String format, String tagsJson, String facetsJson) {
    requireText(dataset, "dataset");
    Map<String, Object> facets = facets(facetsJson);
    List<Tag> tags =
        tagsJson == null ? List.of() : FlatTags.of("", readObject(tagsJson, "tags"), "USER", null);
    DatasetReferences.Resolved resolved =
        DatasetReferences.existing(session, dataset, format == null ? "parquet" : format);
    OpenLineage.DatasetFacetsBuilder builder =
        DatasetFacets.withSymlinks(openLineage, resolved.id());
    if (!tags.isEmpty()) {
      builder.tags(TagSets.datasetFacet(openLineage, tags));
    }
    OpenLineage.OutputDataset described =
        new StandardDatasetFactory(openLineage, new CatalogMetadata(session))
            .output(
                resolved.id().getNamespace(), resolved.id().getName(), resolved.schema(), builder);
    OpenLineage.DatasetFacets merged =
        facets.isEmpty()
            ? described.getFacets()
            : OpenLineageClientUtils.mergeFacets(
                facets, described.getFacets(), OpenLineage.DatasetFacets.class);
    OpenLineage.DatasetEvent event =
        openLineage
            .newDatasetEventBuilder()
            .eventTime(RunEventFactory.time(System.currentTimeMillis()))
            .dataset(
                openLineage.newStaticDataset(
                    resolved.id().getNamespace(), resolved.id().getName(), merged))
            .build();
    emission.submit(event);
    return OpenLineageClientUtils.toJson(event);
  }

  /**
   * Any event serialized by openlineage-python: a RunEvent, JobEvent or DatasetEvent, told apart by
   * its {@code schemaURL} (as Marquez does) or, without one, by its {@code run}/{@code dataset}
   * keys. The configured job and run tags are applied as openlineage-python's client applies its
   * own (a user tag replaces the event's tag of the same key).
   */
  public String emit(String eventJson) {
    JsonNode node = readObject(eventJson, "event");
    String schemaUrl = node.path("schemaURL").asText("");
    try {
      if (schemaUrl.endsWith("/DatasetEvent") || (schemaUrl.isEmpty() && node.has("dataset"))) {
        OpenLineage.DatasetEvent event =
            OpenLineageClientUtils.fromJson(
                eventJson, new TypeReference<OpenLineage.DatasetEvent>() {});
        emission.submit(event);
        return OpenLineageClientUtils.toJson(event);
      }
      if (schemaUrl.endsWith("/JobEvent") || (schemaUrl.isEmpty() && !node.has("run"))) {
        OpenLineage.JobEvent event =
            OpenLineageClientUtils.fromJson(
                eventJson, new TypeReference<OpenLineage.JobEvent>() {});
        event = withUserTags(event);
        emission.submit(event);
        return OpenLineageClientUtils.toJson(event);
      }
      OpenLineage.RunEvent event =
          OpenLineageClientUtils.fromJson(eventJson, new TypeReference<OpenLineage.RunEvent>() {});
      event = withUserTags(event);
      emission.submit(event);
      return OpenLineageClientUtils.toJson(event);
    } catch (java.io.UncheckedIOException e) {
      throw new IllegalArgumentException(
          "the event cannot be read as an OpenLineage event: " + firstLine(e), e);
    }
  }

  private OpenLineage.JobEvent withUserTags(OpenLineage.JobEvent event) {
    ObjectNode json = tree(OpenLineageClientUtils.toJson(event));
    OpenLineage.JobFacets jobFacets = event.getJob().getFacets();
    applyTags(
        json,
        "job",
        TagSets.of(jobFacets == null ? null : jobFacets.getTags()),
        metadata.jobTags());
    return OpenLineageClientUtils.fromJson(
        json.toString(), new TypeReference<OpenLineage.JobEvent>() {});
  }

  private OpenLineage.RunEvent withUserTags(OpenLineage.RunEvent event) {
    ObjectNode json = tree(OpenLineageClientUtils.toJson(event));
    OpenLineage.JobFacets jobFacets = event.getJob().getFacets();
    OpenLineage.RunFacets runFacets = event.getRun().getFacets();
    applyTags(
        json,
        "job",
        TagSets.of(jobFacets == null ? null : jobFacets.getTags()),
        metadata.jobTags());
    applyTags(
        json,
        "run",
        TagSets.of(runFacets == null ? null : runFacets.getTags()),
        metadata.runTags());
    return OpenLineageClientUtils.fromJson(
        json.toString(), new TypeReference<OpenLineage.RunEvent>() {});
  }

  /**
   * Sets {@code <entity>.facets.tags} of the event's JSON to the event's tags with the user's
   * applied, when there are user tags ({@code entity} is {@code job} or {@code run}).
   */
  private void applyTags(ObjectNode event, String entity, List<Tag> eventTags, List<Tag> userTags) {
    if (userTags.isEmpty()) {
      return;
    }
    List<Tag> merged = TagSets.withUserTags(eventTags, userTags);
    Object facet =
        "job".equals(entity)
            ? TagSets.jobFacet(openLineage, merged)
            : TagSets.runFacet(openLineage, merged);
    event
        .withObjectProperty(entity)
        .withObjectProperty("facets")
        .set("tags", tree(OpenLineageClientUtils.toJson(facet)));
  }

  private OpenLineage.JobEvent withJobFacets(
      OpenLineage.JobEvent event, Map<String, Object> facets) {
    if (facets.isEmpty()) {
      return event;
    }
    OpenLineage.JobFacets merged =
        OpenLineageClientUtils.mergeFacets(
            facets, event.getJob().getFacets(), OpenLineage.JobFacets.class);
    return openLineage
        .newJobEventBuilder()
        .eventTime(event.getEventTime())
        .job(openLineage.newJob(event.getJob().getNamespace(), event.getJob().getName(), merged))
        .inputs(event.getInputs())
        .outputs(event.getOutputs())
        .build();
  }

  private OpenLineageContext context(SparkSession session, Optional<QueryExecution> execution) {
    return contexts.of(UUIDUtils.generateNewUUID(), Optional.of(session), execution);
  }

  /**
   * Facets by name from a JSON object; each gets {@code _producer} (Headwater's) when it has none.
   */
  private Map<String, Object> facets(String facetsJson) {
    Map<String, Object> facets = new HashMap<>();
    if (facetsJson == null || facetsJson.isBlank()) {
      return facets;
    }
    JsonNode node = readObject(facetsJson, "facets");
    node.properties()
        .forEach(
            entry -> {
              if (!(entry.getValue() instanceof ObjectNode facet)) {
                throw new IllegalArgumentException(
                    "facet '" + entry.getKey() + "' must be an object");
              }
              if (!facet.hasNonNull("_schemaURL")) {
                throw new IllegalArgumentException(
                    "facet '"
                        + entry.getKey()
                        + "' has no _schemaURL; use an openlineage-python facet class or give one");
              }
              if (!facet.hasNonNull("_producer")) {
                facet.put("_producer", HeadwaterVersion.PRODUCER.toString());
              }
              facets.put(entry.getKey(), JSON.convertValue(facet, Map.class));
            });
    return facets;
  }

  private static ObjectNode tree(String json) {
    try {
      return (ObjectNode) JSON.readTree(json);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static JsonNode readObject(String json, String what) {
    try {
      JsonNode node = JSON.readTree(json);
      if (node == null || !node.isObject()) {
        throw new IllegalArgumentException(what + " must be a JSON object");
      }
      return node;
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException(what + " is not valid JSON: " + firstLine(e), e);
    }
  }

  private static void requireText(String value, String name) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(name + " must be a non-empty string");
    }
  }

  private static String firstLine(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = String.valueOf(root.getMessage());
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
