package io.headwater.spark.agent.events;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headwater.spark.annotation.Internal;
import io.openlineage.client.OpenLineage;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The runs the agent ended lately, newest last, kept in memory for Python's {@code
 * headwater.lineage(spark)} and the one-line display of notebooks and shells: at most {@link
 * #CAPACITY}, the oldest forgotten first. Each gets a sequence number (1, 2, ...) so a caller can
 * ask for the runs after the last one it saw. Filled from {@link RunEmitter} on the analysis
 * thread, read from Python's thread.
 */
@Internal
public final class RecentRuns {
  /** Runs kept at most. */
  static final int CAPACITY = 200;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Deque<ObjectNode> runs = new ArrayDeque<>();
  private long sequence;

  /**
   * Records a run's terminal event (COMPLETE, FAIL or ABORT).
   *
   * @param startTime when the run started, epoch milliseconds
   */
  synchronized void ended(OpenLineage.RunEvent terminal, long startTime) {
    ObjectNode run = JSON.createObjectNode();
    run.put("sequence", ++sequence);
    run.put("runId", terminal.getRun().getRunId().toString());
    run.put("state", terminal.getEventType().name());
    run.put("jobNamespace", terminal.getJob().getNamespace());
    run.put("jobName", terminal.getJob().getName());
    run.put("startTime", startTime);
    run.put("endTime", terminal.getEventTime().toInstant().toEpochMilli());
    ArrayNode inputs = run.putArray("inputs");
    for (OpenLineage.InputDataset input : orEmpty(terminal.getInputs())) {
      dataset(inputs, input.getNamespace(), input.getName());
    }
    ArrayNode outputs = run.putArray("outputs");
    for (OpenLineage.OutputDataset output : orEmpty(terminal.getOutputs())) {
      ObjectNode node = dataset(outputs, output.getNamespace(), output.getName());
      OpenLineage.OutputDatasetOutputFacets facets = output.getOutputFacets();
      if (facets != null && facets.getOutputStatistics() != null) {
        node.put("rowCount", facets.getOutputStatistics().getRowCount());
      }
    }
    OpenLineage.RunFacets facets = terminal.getRun().getFacets();
    if (facets != null && facets.getErrorMessage() != null) {
      run.put("error", facets.getErrorMessage().getMessage());
    }
    runs.addLast(run);
    while (runs.size() > CAPACITY) {
      runs.removeFirst();
    }
  }

  /**
   * The runs recorded after sequence number {@code after} (0 for all kept), oldest first, as a JSON
   * array of objects: {@code sequence}, {@code runId}, {@code state}, {@code jobNamespace}, {@code
   * jobName}, {@code startTime} and {@code endTime} (epoch milliseconds), {@code inputs} and {@code
   * outputs} (objects with {@code namespace}, {@code name}, and for an output with statistics
   * {@code rowCount}), and {@code error} (a failed run's message).
   */
  public synchronized String after(long after) {
    ArrayNode array = JSON.createArrayNode();
    for (ObjectNode run : runs) {
      if (run.get("sequence").asLong() > after) {
        array.add(run);
      }
    }
    return array.toString();
  }

  private static ObjectNode dataset(ArrayNode into, String namespace, String name) {
    ObjectNode node = into.addObject();
    node.put("namespace", namespace);
    node.put("name", name);
    return node;
  }

  private static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }
}
