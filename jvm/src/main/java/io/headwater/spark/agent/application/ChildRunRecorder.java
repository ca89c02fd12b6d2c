package io.headwater.spark.agent.application;

import io.headwater.spark.annotation.Internal;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.RunEvent.EventType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the terminal events of an application's child runs leave for the application's own lineage,
 * in the order the runs ended: the datasets each completed run read and wrote, the column lineage
 * of what it wrote ({@link WrittenDataset}), and which runs failed. Nothing else of an event is
 * kept.
 *
 * <p>A dataset read before any completed run wrote it is an external input (a run reading and
 * writing the same dataset reads it first); one read after a completed run wrote it is read back.
 * Failed and aborted runs count only as failures: whatever they read or half wrote is not the
 * application's lineage.
 *
 * <p>Bounded: at most {@code sizeLimit} dataset and field references in all; the first run that
 * would pass it and every run after it are counted but not kept ({@link #cut}). At most {@value
 * #FAILURES_LISTED} failures are kept, with their total. Thread-safe (child runs end on the
 * analysis thread, RDD runs' too; the application's end reads it there as well).
 */
@Internal
public final class ChildRunRecorder {
  /** Failed child runs listed by name; the rest are only counted. */
  static final int FAILURES_LISTED = 10;

  private static final int MESSAGE_CHARS = 500;

  private final int sizeLimit;
  private final Map<DatasetRef, WrittenDataset> written = new LinkedHashMap<>();
  private final Set<DatasetRef> externalInputs = new LinkedHashSet<>();
  private final Set<DatasetRef> readBack = new HashSet<>();
  private final List<Map<String, String>> failures = new ArrayList<>();
  private int failuresTotal;
  private int childRuns;
  private int composedRuns;
  private int size;
  private boolean cut;

  /**
   * @param sizeLimit the most dataset and field references kept ({@code
   *     application.lineage.sizeLimit})
   */
  public ChildRunRecorder(int sizeLimit) {
    this.sizeLimit = sizeLimit;
  }

  /** A child run ended with {@code event} (COMPLETE, FAIL or ABORT; other types are ignored). */
  public synchronized void ended(OpenLineage.RunEvent event) {
    EventType type = event.getEventType();
    if (type == EventType.COMPLETE) {
      childRuns++;
      completed(event);
    } else if (type == EventType.FAIL || type == EventType.ABORT) {
      childRuns++;
      failed(event);
    }
  }

  private void completed(OpenLineage.RunEvent event) {
    if (cut) {
      return;
    }
    List<OpenLineage.InputDataset> inputs = orEmpty(event.getInputs());
    List<OpenLineage.OutputDataset> outputs = orEmpty(event.getOutputs());
    int cost = inputs.size() + outputs.size();
    for (OpenLineage.OutputDataset output : outputs) {
      cost += WrittenDataset.size(columnLineage(output));
    }
    if (size + cost > sizeLimit) {
      cut = true;
      return;
    }
    size += cost;
    composedRuns++;
    for (OpenLineage.InputDataset input : inputs) {
      DatasetRef ref = new DatasetRef(input.getNamespace(), input.getName());
      if (written.containsKey(ref)) {
        readBack.add(ref);
      } else {
        externalInputs.add(ref);
      }
    }
    for (OpenLineage.OutputDataset output : outputs) {
      written
          .computeIfAbsent(
              new DatasetRef(output.getNamespace(), output.getName()), ref -> new WrittenDataset())
          .add(columnLineage(output));
    }
  }

  private void failed(OpenLineage.RunEvent event) {
    failuresTotal++;
    if (failures.size() >= FAILURES_LISTED) {
      return;
    }
    OpenLineage.RunFacets facets = event.getRun().getFacets();
    String message =
        facets == null || facets.getErrorMessage() == null
            ? ""
            : firstLine(facets.getErrorMessage().getMessage());
    Map<String, String> failure = new LinkedHashMap<>();
    failure.put("runId", event.getRun().getRunId().toString());
    failure.put("jobNamespace", event.getJob().getNamespace());
    failure.put("jobName", event.getJob().getName());
    failure.put("eventType", event.getEventType().name());
    failure.put("message", message);
    failures.add(Collections.unmodifiableMap(failure));
  }

  /** What was recorded, for the composition (read once, at the application's end). */
  synchronized Recorded recorded() {
    return new Recorded(
        new LinkedHashMap<>(written), new LinkedHashSet<>(externalInputs), Set.copyOf(readBack));
  }

  /** Terminal events of child runs seen. */
  synchronized int childRuns() {
    return childRuns;
  }

  /** Completed child runs kept for the composition. */
  synchronized int composedRuns() {
    return composedRuns;
  }

  /** Whether a run was left out for {@code sizeLimit}. */
  synchronized boolean cut() {
    return cut;
  }

  /** The first failed child runs (runId, jobNamespace, jobName, eventType, message). */
  synchronized List<Map<String, String>> failures() {
    return List.copyOf(failures);
  }

  /** All failed (and aborted) child runs. */
  synchronized int failuresTotal() {
    return failuresTotal;
  }

  /**
   * The recorded lineage.
   *
   * @param written each dataset completed runs wrote, in the order first written
   * @param externalInputs datasets read before any completed run wrote them, in the order first
   *     read
   * @param readBack written datasets a later completed run read
   */
  record Recorded(
      Map<DatasetRef, WrittenDataset> written,
      Set<DatasetRef> externalInputs,
      Set<DatasetRef> readBack) {}

  private static OpenLineage.ColumnLineageDatasetFacet columnLineage(
      OpenLineage.OutputDataset output) {
    return output.getFacets() == null ? null : output.getFacets().getColumnLineage();
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "";
    }
    int end = message.indexOf('\n');
    String line = end < 0 ? message : message.substring(0, end);
    return line.length() > MESSAGE_CHARS ? line.substring(0, MESSAGE_CHARS) : line;
  }

  private static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }
}
