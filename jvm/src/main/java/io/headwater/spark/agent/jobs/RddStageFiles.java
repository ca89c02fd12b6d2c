package io.headwater.spark.agent.jobs;

import io.headwater.spark.compat.ScalaCollections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * How many files the stages of RDD jobs wrote, counted on the listener-bus thread (its only user)
 * as the OpenLineage Spark integration counts them: one per successful task whose output metrics
 * report bytes written (a Hadoop write task writes one part file; an empty partition's file counts
 * none). Tasks of other jobs cost one map lookup. The count of a stage is handed over, and
 * forgotten, when the stage completes; the stages of a job that never ran are forgotten at its end.
 */
final class RddStageFiles {
  private final Map<Integer, Long> filesByStage = new HashMap<>();
  private final Map<Integer, List<Integer>> stagesByJob = new HashMap<>();

  /** Starts counting the stages of {@code event}'s job, an RDD job. */
  void track(SparkListenerJobStart event) {
    List<Integer> stages =
        ScalaCollections.asJava(event.stageIds()).stream().map(i -> (Integer) i).toList();
    stagesByJob.put(event.jobId(), stages);
    for (Integer stage : stages) {
      filesByStage.put(stage, 0L);
    }
  }

  /** Counts the file a successful write task of a tracked stage wrote. */
  void taskEnded(SparkListenerTaskEnd event) {
    Long files = filesByStage.get(event.stageId());
    if (files != null
        && event.taskInfo() != null
        && event.taskInfo().successful()
        && event.taskMetrics() != null
        && event.taskMetrics().outputMetrics().bytesWritten() > 0) {
      filesByStage.put(event.stageId(), files + 1);
    }
  }

  /** The files stage {@code stageId} wrote (0 for a stage not tracked); forgets the stage. */
  long completed(int stageId) {
    Long files = filesByStage.remove(stageId);
    return files == null ? 0 : files;
  }

  /** Forgets the stages of job {@code jobId}. */
  void jobEnded(int jobId) {
    List<Integer> stages = stagesByJob.remove(jobId);
    if (stages != null) {
      stages.forEach(filesByStage::remove);
    }
  }
}
