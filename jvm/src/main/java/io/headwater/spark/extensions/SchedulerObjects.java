package io.headwater.spark.extensions;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.ScalaCollections;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.Dependency;
import org.apache.spark.NarrowDependency;
import org.apache.spark.rdd.RDD;
import org.apache.spark.scheduler.ActiveJob;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.Stage;
import org.apache.spark.scheduler.StageInfo;

/**
 * The objects dataset builders and facet builders see for each listener event of a run, in the
 * order they see them (the contract documented on {@link
 * io.headwater.spark.api.AbstractInputDatasetBuilder}):
 *
 * <pre>
 *   SQLExecutionStart / SQLExecutionEnd   -> [event]
 *   JobStart                              -> [event, ActiveJob]                 (ActiveJob when captured)
 *   stage completed                       -> [StageInfo, Stage, RDDs of the stage]  (Stage when known)
 *   JobEnd                                -> [event, final Stage, RDDs of the final stage]
 * </pre>
 *
 * "RDDs of a stage" are the stage's RDD unwrapped ({@link #unwrap}). Only the agent's analysis
 * thread calls these: walking stages and RDD dependencies is never done on Spark's listener bus.
 */
@Internal
public final class SchedulerObjects {
  /** Above this many RDDs in one stage (huge unions), the rest are not shown to builders. */
  static final int MAX_RDDS = 10_000;

  private SchedulerObjects() {}

  /**
   * What builders see when a job starts: the event, then its {@code ActiveJob}.
   *
   * @param job the job's ActiveJob as captured when the listener saw the job start, or null
   */
  public static List<Object> jobStart(SparkListenerJobStart event, ActiveJob job) {
    List<Object> objects = new ArrayList<>(List.of(event));
    if (job != null) {
      objects.add(job);
    }
    return objects;
  }

  /**
   * What builders see when a stage completes: its {@code StageInfo}, {@code Stage} and RDDs.
   *
   * @param stage the completed stage, or null when the job's ActiveJob was not captured
   */
  public static List<Object> stageCompleted(StageInfo info, Stage stage) {
    List<Object> objects = new ArrayList<>(List.of(info));
    if (stage != null) {
      objects.add(stage);
      objects.addAll(unwrap(stage.rdd()));
    }
    return objects;
  }

  /**
   * What builders see when a job ends: the event, then its final {@code Stage} and RDDs.
   *
   * @param finalStage the job's final stage, or null when the job's ActiveJob was not captured
   */
  public static List<Object> jobEnd(SparkListenerJobEnd event, Stage finalStage) {
    List<Object> objects = new ArrayList<>(List.of(event));
    if (finalStage != null) {
      objects.add(finalStage);
      objects.addAll(unwrap(finalStage.rdd()));
    }
    return objects;
  }

  /**
   * {@code rdd} and every RDD it depends on through narrow dependencies (one-to-one wrappers such
   * as {@code MapPartitionsRDD}, range dependencies of unions, ...), each once, depth first in
   * dependency order, stopping at shuffle dependencies: the RDDs behind a shuffle belong to the
   * parent stage. At most {@link #MAX_RDDS}.
   */
  public static List<RDD<?>> unwrap(RDD<?> rdd) {
    List<RDD<?>> found = new ArrayList<>();
    Set<RDD<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<RDD<?>> pending = new ArrayDeque<>();
    pending.push(rdd);
    while (!pending.isEmpty() && found.size() < MAX_RDDS) {
      RDD<?> next = pending.pop();
      if (!seen.add(next)) {
        continue;
      }
      found.add(next);
      List<Dependency<?>> dependencies = ScalaCollections.asJava(next.dependencies());
      for (int i = dependencies.size() - 1; i >= 0; i--) {
        if (dependencies.get(i) instanceof NarrowDependency<?> narrow) {
          pending.push(narrow.rdd());
        }
      }
    }
    return found;
  }

  /**
   * The stage {@code stageId} of {@code job}'s stage graph (its final stage and the stages it
   * depends on).
   */
  public static Optional<Stage> stage(ActiveJob job, int stageId) {
    Set<Stage> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Stage> pending = new ArrayDeque<>();
    pending.push(job.finalStage());
    while (!pending.isEmpty()) {
      Stage stage = pending.pop();
      if (stage.id() == stageId) {
        return Optional.of(stage);
      }
      if (seen.add(stage)) {
        ScalaCollections.asJava(stage.parents()).forEach(pending::push);
      }
    }
    return Optional.empty();
  }
}
